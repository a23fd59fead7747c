import { z } from 'zod';

/**
 * Who sees a session.
 * - private: the owner alone (and admins, who read every session).
 * - team: also every member of a team the owner races in (a coach shares nothing, but sees the team's sessions).
 * - public: also its laps, one at a time, to anyone signed in (never the whole session), and the team as above.
 */
export const visibilitySchema = z.enum(['private', 'team', 'public']);
export type Visibility = z.infer<typeof visibilitySchema>;
