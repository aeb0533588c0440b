// This folder's public face: only the names used outside it. Anything outside the folder imports
// through here (docs/architecture.md, "The shop core's folders"). Written by
// scripts/codemods/shop-folders.mjs: run it again when what others use changes.

export type { CarrierScan, CodMoney, Notice, NoticeEvent, Parcel, ParcelChange, ParcelState } from './parcel.ts';
export {
  applyScans,
  codMoney,
  NOTICE_EVENTS,
  newParcel,
  noticeFor,
  noticeStillTrue,
  parcelAttention,
  parcelClosed,
  parcelStaffStatus,
} from './parcel.ts';
export type { PickupRequestStatus } from './pickup.ts';
export { pickupDecision, pickupStatusLabel, pickupWindow } from './pickup.ts';
export type { ShipmentRecord } from './shipment.ts';
export { buildShipment, DEFAULT_PICKUP } from './shipment.ts';
export type { CarrierTracking, TimelineStep } from './tracking.ts';
export { orderTimeline, phoneDigits, TIMELINE_KINDS } from './tracking.ts';
