import { messages, resources as r, records } from '@tillbook/contract';
import { defaultMessages, type FieldDef, type RefSource } from '../../ui/resource/fields.ts';
import { refTo, screenFromContract } from '../../ui/resource/screen-from-contract.ts';
import { salaryPeriodField, salaryText } from '../identity/salary-text.ts';

/** Staff accounts are named by their username in the history screens. */
const user: RefSource = { list: records.user.list, listName: 'User', labelField: 'username' };

const employee: FieldDef = { name: 'userId', label: 'Employee', type: 'ref', ...user, required: true };
const comment: FieldDef = { name: 'comment', label: 'Comment', type: 'textarea' };
const name: FieldDef = { name: 'name', label: 'Name', type: 'text', required: true };
const byEmployee = { name: 'userId', label: 'Employee', ...user };

/** Staff records: the organisation's lists and each employee's history rows. */
export const staffScreens = {
  department: screenFromContract(r.department, { title: 'Departments', fields: [name] }),
  designation: screenFromContract(r.designation, { title: 'Designations', fields: [name] }),
  designationHistory: screenFromContract(r.designationHistory, {
    title: 'Designation history',
    fields: [
      employee,
      { name: 'designationId', label: 'Designation', type: 'ref', ...refTo(r.designation), required: true },
      { name: 'startDate', label: 'Start date', type: 'date', required: true },
      { name: 'endDate', label: 'End date', type: 'date' },
      comment,
    ],
    filters: [byEmployee, { name: 'designationId', label: 'Designation', ...refTo(r.designation) }],
    messages: defaultMessages('Designation record'),
  }),
  employmentStatus: screenFromContract(r.employmentStatus, {
    title: 'Employment statuses',
    fields: [
      name,
      { name: 'colourValue', label: 'Colour', type: 'color', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
  }),
  shift: screenFromContract(r.shift, {
    title: 'Shifts',
    fields: [
      name,
      { name: 'startTime', label: 'Starts at', type: 'time', required: true },
      { name: 'endTime', label: 'Ends at', type: 'time', required: true },
    ],
    // the server works the hours out from the times (a night shift crossing midnight included)
    columns: ['name', 'startTime', 'endTime', { key: 'workHour', title: 'Work hours', render: (row) => String(row.workHour ?? '') }],
  }),
  award: screenFromContract(r.award, {
    title: 'Awards',
    fields: [name, { name: 'description', label: 'Description', type: 'textarea' }, { name: 'image', label: 'Image URL', type: 'text' }],
    columns: ['name', 'description'],
    // soft deletion: hiding an award is what the spec calls deleting it
    messages: {
      created: messages.awardAdded,
      updated: messages.awardUpdated,
      hidden: messages.awardDeleted,
      deleted: messages.awardDeleted,
    },
  }),
  awardHistory: screenFromContract(r.awardHistory, {
    title: 'Award history',
    fields: [
      employee,
      { name: 'awardId', label: 'Award', type: 'ref', ...refTo(r.award), required: true },
      { name: 'awardedDate', label: 'Awarded on', type: 'date', required: true },
      comment,
    ],
    filters: [byEmployee, { name: 'awardId', label: 'Award', ...refTo(r.award) }],
    messages: defaultMessages('Award record'),
  }),
  education: screenFromContract(r.education, {
    title: 'Education',
    fields: [
      employee,
      { name: 'degree', label: 'Degree', type: 'text', required: true },
      { name: 'institution', label: 'Institution', type: 'text', required: true },
      { name: 'fieldOfStudy', label: 'Field of study', type: 'text', required: true },
      { name: 'result', label: 'Result', type: 'text', required: true },
      { name: 'studyStartDate', label: 'Started', type: 'date', required: true },
      { name: 'studyEndDate', label: 'Finished', type: 'date' },
    ],
    filters: [byEmployee],
    messages: defaultMessages('Education record'),
  }),
  salaryHistory: screenFromContract(r.salaryHistory, {
    title: 'Salary history',
    fields: [
      employee,
      { name: 'salary', label: 'Salary', type: 'money', required: true },
      salaryPeriodField(),
      { name: 'startDate', label: 'Start date', type: 'date', required: true },
      { name: 'endDate', label: 'End date', type: 'date' },
      comment,
    ],
    // the amount says what it is paid per
    columns: [
      'userId',
      { key: 'salary', title: 'Salary', sortable: true, align: 'right', render: salaryText },
      'startDate',
      'endDate',
      'comment',
    ],
    filters: [byEmployee],
    messages: defaultMessages('Salary record'),
  }),
};
