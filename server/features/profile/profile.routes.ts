import { Router } from 'express';
import { UpdateProfileSchema } from '@shared/schemas/profile';
import { currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { ProfileService } from './profile.service';

/**
 * The signed-in client edits their profile. The address is the spec's (/api/auth/user, which
 * GET answers in the auth feature: who is signed in).
 */
export function profileRoutes(service: ProfileService): Router {
  const router = Router();
  router.patch('/auth/user', requireUser, async (req, res) => {
    const changes = parse(UpdateProfileSchema, req.body);
    res.json(await service.update(currentUserId(req), changes));
  });
  return router;
}
