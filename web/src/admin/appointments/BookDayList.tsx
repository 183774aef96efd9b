import { holdsSlot } from './appointment-format.tsx';
import { BlockFace, blockStyle } from './BookGrid.tsx';
import { dayEnd, daySlots, dayStart, minutesOf, slotMinutes, slotTaken } from './book-time.ts';
import type { BookEntry, Slot } from './book-types.ts';
import './book.css';

/** The half hour of the book a start time falls in (before 08:00 the first, from 20:00 the last). */
function slotIndex(time: string): number {
  const m = Math.min(Math.max(minutesOf(time), dayStart), dayEnd - 1);
  return Math.floor((m - dayStart) / slotMinutes);
}

/**
 * One day as a list, for a phone: each half hour with the appointments that start in it, or a "Free" button
 * that books it; a half hour taken by an appointment that started earlier shows nothing of its own.
 */
export function BookDayList({
  date,
  entries,
  onSlot,
  onOpen,
}: {
  date: string;
  entries: BookEntry[];
  onSlot: (slot: Slot) => void;
  onOpen: (id: number) => void;
}) {
  const ofDay = entries.filter((e) => e.date === date).sort((a, b) => minutesOf(a.time) - minutesOf(b.time) || a.id - b.id);
  const held = ofDay.filter((e) => holdsSlot(e.status));
  return (
    <ul className="book-list" aria-label="Appointments of the day">
      {daySlots.map((slot, i) => {
        const starting = ofDay.filter((e) => slotIndex(e.time) === i);
        const free = !slotTaken(slot, held);
        if (starting.length === 0 && !free) return null;
        return (
          <li key={slot}>
            <span className="book-list-time">{slot}</span>
            <div className="book-list-items">
              {starting.map((entry) => (
                <button
                  type="button"
                  key={entry.id}
                  data-testid="appointment-block"
                  className={`book-block${holdsSlot(entry.status) ? '' : ' is-off'}`}
                  style={blockStyle(entry.status)}
                  onClick={() => onOpen(entry.id)}
                >
                  <BlockFace entry={entry} long />
                </button>
              ))}
              {free && (
                <button type="button" className="book-free" aria-label={`Book ${slot}`} onClick={() => onSlot({ date, time: slot })}>
                  Free · book {slot}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
