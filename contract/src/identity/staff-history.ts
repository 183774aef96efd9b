import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { resources } from '../resources.ts';
import { salaryPeriods } from './salary-period.ts';

/**
 * A designation or salary history row as written. Rows of one person never overlap and never end before
 * they start; a new open row (no end date) closes the open one on the day before it starts.
 */
export const designationHistoryRowOut = z.object({
  ...recordOut,
  userId: out.id,
  designationId: out.id,
  startDate: out.date,
  endDate: out.date.nullable(),
  comment: out.optionalText,
});

export const salaryHistoryRowOut = z.object({
  ...recordOut,
  userId: out.id,
  salary: out.money,
  period: z.enum(salaryPeriods),
  startDate: out.date,
  endDate: out.date.nullable(),
  comment: out.optionalText,
});

const designationInput = resources.designationHistory.input;
const salaryInput = resources.salaryHistory.input;

/** The spec's calls on designation history (GET lists and reads are the resource factory's). */
export const designationHistoryEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'designation-history',
    access: 'create-designationHistory',
    body: designationInput,
    answer: designationHistoryRowOut,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'designation-history/:id',
    access: 'update-designationHistory',
    body: designationInput.partial(),
    answer: designationHistoryRowOut,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'designation-history/:id',
    access: 'delete-designationHistory',
    answer: designationHistoryRowOut,
  }),
};

/** The spec's calls on salary history (GET lists and reads are the resource factory's). */
export const salaryHistoryEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'salary-history',
    access: 'create-salaryHistory',
    body: salaryInput,
    answer: salaryHistoryRowOut,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'salary-history/:id',
    access: 'update-salaryHistory',
    body: salaryInput.partial(),
    answer: salaryHistoryRowOut,
  }),
  delete: endpoint({ method: 'DELETE', path: 'salary-history/:id', access: 'delete-salaryHistory', answer: salaryHistoryRowOut }),
};
