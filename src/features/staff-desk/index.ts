export { StaffDeskPage } from './StaffDeskPage.tsx';
