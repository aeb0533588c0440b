/** The texts of the pages that are not lists of documents, and the shop's settings: one document each. */
import { aboutPage } from './about-page.ts';
import { farmerImpactPage } from './farmer-impact-page.ts';
import { guidePages } from './guide-pages.ts';
import { homePage } from './home-page.ts';
import { shopSettings } from './shop-settings.ts';

export const SINGLETON_TYPES = ['shopSettings', 'homePage', 'aboutPage', 'farmerImpactPage', 'guidePages'];
export const singletonTypes = [shopSettings, homePage, aboutPage, farmerImpactPage, guidePages];
