import { CURRENCIES, type Currency } from '../../domain';

export { displayAmount } from '../../domain';

export const isCurrency = (value: unknown): value is Currency => (CURRENCIES as readonly unknown[]).includes(value);
