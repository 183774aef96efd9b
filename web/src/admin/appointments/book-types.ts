/** One appointment as the book draws it (from the server's list or detail answer). */
export interface BookEntry {
  id: number;
  status: number;
  date: string;
  /** 'HH:MM' */
  time: string;
  durationMinutes: number;
  /** Who it is for: the lead's or the customer's name. */
  who: string;
  notes?: string | null;
}

/** An empty half hour the person clicked: a new appointment starts there. */
export interface Slot {
  date: string;
  time: string;
}
