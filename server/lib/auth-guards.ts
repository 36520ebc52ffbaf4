import type { Request, RequestHandler, Response } from 'express';
import type { Admin } from '../db/schema';
import { AppError } from './errors';

declare global {
  namespace Express {
    // Put there by requireAdmin (features/admin-auth).
    interface Locals {
      admin?: Admin;
      /** The address a built-in sign-in's code went to (features/identity rate limits). */
      pendingEmail?: string;
    }

    // What passport puts on req.user for a client session.
    interface User {
      id: string;
      idToken?: string;
    }
  }
}

/** Client-only routes answer 401 without a signed-in client. */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new AppError(401, 'Unauthorized'));
  next();
};

/** The signed-in client's id, behind requireUser. */
export function currentUserId(req: Request): string {
  if (!req.user) throw new AppError(401, 'Unauthorized');
  return req.user.id;
}

/** The signed-in admin, behind requireAdmin. */
export function currentAdmin(res: Response): Admin {
  const admin = res.locals.admin;
  if (!admin) throw new AppError(401, 'Unauthorized');
  return admin;
}
