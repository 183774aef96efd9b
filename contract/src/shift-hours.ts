const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/**
 * A shift's working hours from its times ('HH:MM' or 'HH:MM:SS'), two decimals: a shift ending at or
 * before its start crosses midnight (22:00–06:00 is 8 hours; equal times are a whole day, 24 hours).
 */
export function shiftHours(startTime: string, endTime: string): number {
  const length = minutesOf(endTime) - minutesOf(startTime);
  return Math.round(((length + (length <= 0 ? 24 * 60 : 0)) / 60) * 100) / 100;
}
