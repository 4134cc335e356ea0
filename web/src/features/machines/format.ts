import type { TagReading } from '@taktwerk/common';
import type { TFunction } from 'i18next';

/** A tag's current value as the machine card shows it (spec part 1 §2): ON/OFF for booleans, one decimal for numbers. */
export function formatTagValue(reading: TagReading, t: TFunction, language: string): string {
  const { value } = reading;
  if (value === null) return t('machines.card.noValue');
  if (typeof value === 'boolean') return value ? t('machines.card.on') : t('machines.card.off');
  if (typeof value === 'number') {
    const number = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
    return reading.unit ? `${number} ${reading.unit}` : number;
  }
  return value;
}
