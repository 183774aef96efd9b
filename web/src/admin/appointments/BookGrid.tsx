import type { CSSProperties } from 'react';
import { holdsSlot, stateColours, stateName } from './appointment-format.tsx';
import { blockPlace, dayLabel, daySlots, endOf, minutesOf, slotTaken } from './book-time.ts';
import type { BookEntry, Slot } from './book-types.ts';
import './book.css';

interface Props {
  /** The columns: one day (the day view) or seven (the week view). */
  days: string[];
  today: string;
  entries: BookEntry[];
  onSlot: (slot: Slot) => void;
  onOpen: (id: number) => void;
}

/** Side by side lanes for the blocks of one day that overlap (a cancelled one under a new booking). */
function lanes(entries: BookEntry[]): Map<number, { lane: number; of: number }> {
  const sorted = [...entries].sort((a, b) => minutesOf(a.time) - minutesOf(b.time) || a.id - b.id);
  const placed = new Map<number, { lane: number; of: number }>();
  let group: BookEntry[] = [];
  let groupEnd = -1;
  let laneEnds: number[] = [];
  const close = () => {
    for (const e of group) placed.get(e.id)!.of = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const e of sorted) {
    const start = minutesOf(e.time);
    const end = start + Math.max(e.durationMinutes, 1);
    if (start >= groupEnd) close();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane < 0) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    placed.set(e.id, { lane, of: 1 });
    group.push(e);
    groupEnd = Math.max(groupEnd, end);
  }
  close();
  return placed;
}

/** A block's face: who, the hours and the status, in the status's colours. */
export function BlockFace({ entry, long }: { entry: BookEntry; long?: boolean }) {
  return (
    <>
      <strong>{entry.who}</strong>
      <span>
        {entry.time}–{endOf(entry.time, entry.durationMinutes)} · {stateName(entry.status)}
      </span>
      {long && entry.notes && <span style={{ display: 'block', color: '#595959' }}>{entry.notes}</span>}
    </>
  );
}

export const blockStyle = (status: number): CSSProperties => {
  const c = stateColours(status);
  return { background: c.fill, borderLeftColor: c.edge };
};

/**
 * The book as a grid: a column per day, a row per half hour from 08:00 to 20:00. Every free half hour is a
 * button that starts a booking there; an appointment is a block spanning its length, coloured by status,
 * that opens it.
 */
export function BookGrid({ days, today, entries, onSlot, onOpen }: Props) {
  const style = { '--book-days': days.length } as CSSProperties;
  return (
    <div className="book-scroll">
      <section className="book-grid" style={style} aria-label="Appointment book">
        <div className="book-head" style={{ gridColumn: 1 }} />
        {days.map((date, d) => (
          <div key={date} className={`book-head${date === today ? ' is-today' : ''}`} style={{ gridColumn: d + 2 }}>
            {dayLabel(date)}
          </div>
        ))}
        {daySlots.map((slot, r) => (
          <div key={slot} className="book-hour" style={{ gridColumn: 1, gridRow: r + 2 }}>
            {slot.endsWith(':00') ? slot : ''}
          </div>
        ))}
        {days.flatMap((date, d) => {
          const held = entries.filter((e) => e.date === date && holdsSlot(e.status));
          return daySlots.map((slot, r) =>
            slotTaken(slot, held) ? null : (
              <button
                type="button"
                key={`${date} ${slot}`}
                className={`book-slot${slot.endsWith(':00') ? ' on-hour' : ''}`}
                style={{ gridColumn: d + 2, gridRow: r + 2 }}
                aria-label={`Book ${dayLabel(date)} at ${slot}`}
                onClick={() => onSlot({ date, time: slot })}
              >
                {slot}
              </button>
            ),
          );
        })}
        {days.flatMap((date, d) => {
          const ofDay = entries.filter((e) => e.date === date);
          const placed = lanes(ofDay);
          return ofDay.map((entry) => {
            const { row, span } = blockPlace(entry.time, entry.durationMinutes);
            const { lane, of } = placed.get(entry.id)!;
            return (
              <button
                type="button"
                key={entry.id}
                data-testid="appointment-block"
                className={`book-block${holdsSlot(entry.status) ? '' : ' is-off'}`}
                style={{
                  ...blockStyle(entry.status),
                  gridColumn: d + 2,
                  gridRow: `${row + 2} / span ${span}`,
                  width: `calc(${100 / of}% - 4px)`,
                  marginLeft: `calc(${(100 * lane) / of}% + 2px)`,
                }}
                aria-label={`${entry.who}, ${dayLabel(date)} ${entry.time}, ${stateName(entry.status)}`}
                onClick={() => onOpen(entry.id)}
              >
                <BlockFace entry={entry} long={days.length === 1} />
              </button>
            );
          });
        })}
      </section>
    </div>
  );
}
