import { appointmentEndpoints, appointmentStateNames } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { found, type RouteDef } from '../../platform/route.ts';
import { listAppointments, readAppointment } from './appointment-read.ts';
import { bookAppointment, changeAppointment, deleteAppointment } from './appointment-write.ts';
import { bookStaff } from './book-staff.ts';

/** Appointments: the spec's calls under api/leads and api/appointments, the book's list and its staff. */
export function appointmentRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const publicUrl = () => ctx.config.publicUrl;
  const one = async (id: number) => found(await readAppointment(db, id), `Appointment ${id}`);
  const change = async (req: FastifyRequest, id: number, body: Parameters<typeof changeAppointment>[2]) => {
    const done = await req.db.transaction((tx) => changeAppointment(tx, id, body, publicUrl()));
    const message =
      done.to !== done.from
        ? `Appointment ${id} is now ${appointmentStateNames[done.to].toLowerCase()}`
        : done.moved
          ? `Appointment ${id} moved`
          : `Appointment ${id} updated`;
    return { data: await one(id), message };
  };
  return [
    implement(ctx, appointmentEndpoints.create, async ({ body, req }) => {
      const id = await req.db.transaction((tx) => bookAppointment(tx, body, publicUrl()));
      return { data: await one(id), message: 'Appointment booked' };
    }),
    implement(ctx, appointmentEndpoints.update, ({ params, body, req }) => change(req, params.id, body)),
    implement(ctx, appointmentEndpoints.put, ({ params, body, req }) => change(req, params.id, body)),
    implement(ctx, appointmentEndpoints.delete, async ({ params, req }) => {
      await req.db.transaction((tx) => deleteAppointment(tx, params.id));
      return { id: params.id, message: `Appointment ${params.id} deleted` };
    }),
    implement(ctx, appointmentEndpoints.get, async ({ params }) => ({ data: await one(params.id) })),
    implement(ctx, appointmentEndpoints.list, ({ query }) => listAppointments(db, query)),
    // whoever keeps leads picks their owner from the same staff
    { ...implement(ctx, appointmentEndpoints.staff, async () => ({ list: await bookStaff(db) })), alsoFor: ['readAll-lead'] },
  ];
}
