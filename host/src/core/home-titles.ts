/** Search box title and placeholder by time of day and on special dates (docs/behaviour.md#home-titles-and-placeholders). Pure. */
export type HomeMoment = 'morning' | 'day' | 'evening' | 'night' | 'halloween' | 'christmas' | 'newYear';

export function homeMoment(now: Date): HomeMoment {
  const month = now.getMonth() + 1;
  const day = now.getDate();
  if (month === 10 && day === 31) return 'halloween';
  if (month === 12 && (day === 24 || day === 25)) return 'christmas';
  if (month === 1 && day === 1) return 'newYear';
  const hour = now.getHours();
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'day';
  if (hour >= 18 && hour < 23) return 'evening';
  return 'night';
}
