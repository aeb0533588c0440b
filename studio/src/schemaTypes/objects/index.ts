import { blockContent } from './block-content.ts';
import { featureCard } from './feature-card.ts';
import { impactStat } from './impact-stat.ts';
import { productionStep } from './production-step.ts';
import { socialLink } from './social-link.ts';
import { valueChainNode } from './value-chain-node.ts';
import { variant } from './variant.ts';

/** Every object type, one file each (docs/architecture.md); listed here for the schema. */
export const objectTypes = [variant, featureCard, impactStat, valueChainNode, socialLink, productionStep, blockContent];
