import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { id, money, optionalEmail, optionalId, optionalLines, optionalText, requiredText } from '../fields.ts';
import { idListFilter } from '../list-query.ts';
import { statusBody, statusText } from '../status.ts';
import { appointmentOut } from './appointment.ts';
import { leadStatuses } from './lead-sets.ts';

export const leadStatusField = z.enum(leadStatuses, { error: `must be one of ${leadStatuses.join(', ')}` });

/**
 * A lead (reference 2.10): someone who may become a customer. The owner is an active staff member.
 * `leadStatus` 'customer' is reached by converting (POST api/leads/{id}/convert), not by hand.
 */
const leadFields = z.object({
  name: requiredText(120),
  email: optionalEmail,
  phone: optionalText(40),
  leadSourceId: optionalId,
  leadOwnerId: id,
  leadStatus: leadStatusField,
  leadValue: money,
  notes: optionalLines(2000),
});
export const leadInput = leadFields.extend({ leadStatus: leadStatusField.default('new'), leadValue: money.default(0) });
export type LeadInput = z.output<typeof leadInput>;

/** PUT api/leads/{id}: only the fields sent change. */
export const leadUpdateInput = leadFields.partial();

/** The lead screens' fields as they name them. */
export const leadLabels = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  leadSourceId: 'Source',
  leadOwnerId: 'Owner',
  leadStatus: 'Status',
  leadValue: 'Value',
  notes: 'Notes',
};

const staffRef = z.object({ id: out.id, username: out.text, firstName: out.optionalText, lastName: out.optionalText });

export const leadOut = z.object({
  ...recordOut,
  name: out.text,
  email: out.optionalText,
  phone: out.optionalText,
  leadSourceId: out.optionalId,
  leadSource: z.object({ id: out.id, name: out.text }).nullable(),
  leadOwnerId: out.id,
  leadOwner: staffRef,
  leadStatus: leadStatusField,
  leadValue: out.money,
  notes: out.optionalText,
  /** 'true' once converted to a customer (then `customerId` names it). */
  isConverted: statusText,
  customerId: out.optionalId,
  customer: z.object({ id: out.id, username: out.text, email: out.optionalText }).nullable(),
});
export type Lead = z.infer<typeof leadOut>;

/** How many of a lead's appointments its page carries at most (the newest). */
export const leadAppointmentLimit = 200;

export const leadDetailOut = z.object({
  singleLead: leadOut.extend({
    /** Its appointments, newest first (at most `leadAppointmentLimit`). */
    appointments: z.array(appointmentOut),
  }),
});
export type LeadDetail = z.infer<typeof leadDetailOut>;

/** GET api/leads answers the reference's keys. */
export const leadListOut = z.object({ getAllLead: z.array(leadOut), totalLead: out.int });

export const leadListFilters = {
  leadOwnerId: idListFilter.optional(),
  leadSourceId: idListFilter.optional(),
  /** One status or a comma list of them. */
  leadStatus: z
    .string()
    .transform((text) => [...new Set(text.split(','))])
    .refine((list) => list.every((s) => (leadStatuses as readonly string[]).includes(s)), `must be one of ${leadStatuses.join(', ')}`)
    .optional(),
  isConverted: statusText.optional(),
};

const leadAnswer = z.object({ data: leadOut, message: out.text });

/**
 * Leads. The list takes the list query (`query=search&key=` searches name, e-mail and phone) and the
 * filters above; sorts by name, value, status, creation.
 */
export const leadEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'api/leads',
    access: 'readAll-lead',
    query: listQuery({ sortable: ['name', 'leadValue', 'leadStatus', 'createdAt', 'id'], filters: leadListFilters }),
    answer: leadListOut,
  }),
  get: endpoint({ method: 'GET', path: 'api/leads/:id', access: 'readSingle-lead', answer: leadDetailOut }),
  create: endpoint({
    method: 'POST',
    path: 'api/leads',
    access: 'create-lead',
    body: leadInput,
    labels: leadLabels,
    answer: leadAnswer,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'api/leads/:id',
    access: 'update-lead',
    body: leadUpdateInput,
    labels: leadLabels,
    answer: leadAnswer,
  }),
  /** Hides ('false') or shows ('true') a lead. */
  setStatus: endpoint({ method: 'PATCH', path: 'api/leads/:id', access: 'delete-lead', body: statusBody, answer: leadAnswer }),
  /**
   * Makes the lead a customer: links the customer with the lead's e-mail (any case) or creates one
   * (no password, no welcome mail); the lead becomes converted with status 'customer'. Converting a
   * converted lead answers its customer again.
   */
  convert: endpoint({
    method: 'POST',
    path: 'api/leads/:id/convert',
    access: 'update-lead',
    answer: z.object({
      data: leadOut,
      customer: z.object({ id: out.id, username: out.text, email: out.optionalText }),
      /** 'true' when an existing customer was linked, 'false' when one was created. */
      linked: statusText,
      message: out.text,
    }),
  }),
};
