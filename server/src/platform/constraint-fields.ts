/**
 * Check and exclusion constraints a write may still meet after the use case's own checks (a race, a
 * path that forgot one), each as the field a person would fix and what is wrong with it: the error
 * handler answers 400 naming that field, never a 500.
 */
export const constraintFields: Record<string, { field: string; text: string }> = {
  designation_history_dates: { field: 'endDate', text: 'must not be before the start date' },
  designation_history_no_overlap: { field: 'startDate', text: 'overlaps another designation of this person' },
  salary_history_dates: { field: 'endDate', text: 'must not be before the start date' },
  salary_history_no_overlap: { field: 'startDate', text: 'overlaps another salary of this person' },
};
