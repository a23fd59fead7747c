/**
 * The message catalogue: every message the server sends (error bodies) and every message of the app's own (the API
 * client's failures, the upload queue's states, toasts), by a stable id, with its English template. Values are named
 * in the template as `{{name}}` (i18next's syntax). The server renders the English text from here and sends the id
 * and the values beside it; the app shows the text of the id in the user's language (the `messages` namespace,
 * whose en-us texts are this catalogue), and a message without a known id as it came.
 */
export const MESSAGES = {
  // Generic answers.
  notFound: 'Not Found',
  badRequest: 'Bad Request',
  noMessage: 'No message available',
  internalError: 'Internal Server Error',
  serviceUnavailable: 'Service Unavailable',
  /** A rejection whose reason is a library's own text (Fastify's): shown as it came. */
  requestRejected: '{{reason}}',
  // Request bodies and queries.
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The JSON request body is empty.',
  forbiddenProperty: 'Object contains forbidden prototype property',
  bodyTooLarge: 'The request body is too large.',
  bodyTooLargeToProcess: 'The request body is too large to process.',
  unsupportedContentType: 'Unsupported content type.',
  unsupportedEncoding: "Unsupported Content-Encoding '{{encoding}}': send the body plain or as gzip, deflate or br.",
  invalidEncodedBody: 'The request body is not valid {{encoding}} data (it is damaged or not compressed as its Content-Encoding says).',
  bodyMissing: 'Request body is missing.',
  queryMissing: 'Query is missing.',
  inputMissing: '{{what}} is missing.',
  invalidBody: 'Invalid request body: {{details}}',
  invalidQuery: 'Invalid query: {{details}}',
  invalidInput: 'Invalid {{what}}: {{details}}',
  valueMalformed: 'A value is out of range or malformed.',
  duplicateValue: 'A record with the same unique value already exists.',
  referenceViolation: 'The record is referenced by other records or refers to a missing one.',
  // Data tables.
  dataTableMissing: 'DataTableRequestDTO is missing.',
  filterTypeMismatch: "Filter type '{{type}}' does not fit field '{{field}}' ({{fieldType}}).",
  matchModeNotAllowed: "Match mode '{{mode}}' is not allowed for {{fieldType}} field '{{field}}'.",
  filterNotDate: "Filter value for '{{field}}' is not a date.",
  filterNotBoolean: "Filter value for '{{field}}' must be true or false.",
  filterNotNumber: "Filter value for '{{field}}' must be a number.",
  unknownFilterField: "Unknown filter field '{{field}}'.",
  unknownSortField: "Unknown sort field '{{field}}'.",
  // Sign-in and accounts.
  authenticationRequired: 'Authentication required.',
  loginEnded: 'Your login has ended. Please log in again.',
  loginExpired: 'Your login has expired. Please log in again.',
  loginEndedForSafety: 'This login was ended for safety. Please log in again.',
  noActiveLogin: 'No active login. Please log in.',
  accessTokenExpired: 'Access token expired.',
  invalidAccessToken: 'Invalid access token.',
  noPermissionPage: 'You do not have permission to access this page.',
  noPermissionResource: 'You do not have permission to access this resource.',
  invalidCredentials: 'Invalid email or password.',
  notVerified: 'Your account is not verified yet. Open the link in the verification e-mail, or ask for a new one.',
  inactive: 'Your account is inactive. Please contact support.',
  emailTaken: 'An account with this e-mail address already exists.',
  verificationLinkInvalid: 'The verification link is invalid or has expired.',
  resetLinkInvalid: 'The password reset link is invalid or has expired.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  // Rate limits and quotas.
  tooManyRequests: 'Too many requests. Try again in {{minutes}} minute(s).',
  tooManyEmailAttempts: 'Too many attempts for this e-mail address. Try again in {{minutes}} minute(s).',
  tooManyFailedLoginsBrowser: 'Too many failed logins for this e-mail address from this browser. Try again in {{minutes}} minute(s), or reset your password.',
  tooManyFailedLoginsNetwork: 'Too many failed logins for this e-mail address from your network. Try again in {{minutes}} minute(s), or reset your password.',
  tooManyFailedLogins: 'Too many failed logins for this e-mail address. Try again in {{minutes}} minute(s), or reset your password.',
  tooManyMissingReports: 'Too many missing-translation reports from this address today.',
  tooManyInvitations: 'Too many invitations today. Try again tomorrow.',
  tooManyUploads: 'Too many session uploads in the last hour. The app sends the rest by itself later.',
  tooManyCircuits: 'Too many circuits saved today. Try again tomorrow.',
  ownCircuitsFull: 'You keep as many circuits of your own as an account may. An admin can publish or delete some of them.',
  storageFull: 'Your storage on the server is full. Delete sessions you no longer need, then retry the upload.',
  uploadsAtOnce: 'At most {{limit}} session uploads at a time. Try again when one has finished.',
  uploadsBusy: 'The server is busy with other uploads. Try again in a moment.',
  clientWentAway: 'The client went away.',
  // Sessions, laps, circuits and reference data.
  sessionNotFound: 'Session not found.',
  lapNotFound: 'Lap not found.',
  circuitNotFound: 'Circuit not found.',
  countryNotFound: 'Country not found.',
  circuitTypeNotFound: 'Circuit type not found.',
  vehicleTypeNotFound: 'Vehicle type not found.',
  vehicleCategoryNotFound: 'Vehicle category not found.',
  countryInUse: 'Country is in use and cannot be deleted.',
  circuitTypeInUse: 'Circuit type is in use and cannot be deleted.',
  vehicleTypeInUse: 'Vehicle type is in use and cannot be deleted.',
  vehicleCategoryInUse: 'Vehicle category is in use and cannot be deleted.',
  circuitInUse: 'Circuit is in use and cannot be deleted.',
  unknownCircuitId: 'Unknown circuitId.',
  unknownCountryId: 'Unknown countryId.',
  unknownVehicleCategoryId: 'Unknown vehicleCategoryId.',
  unknownTypeId: 'Unknown typeId.',
  unknownVehicleTypeId: 'Unknown vehicleTypeId.',
  sessionFileNameTaken: 'A different session with this file name already exists.',
  // Teams.
  teamNotFound: 'Team not found.',
  memberNotFound: 'Member not found.',
  tooManyTeams: 'You cannot create more teams.',
  teamFull: 'This team is full.',
  ownerCannotLeave: 'The owner cannot be removed: delete the team instead.',
  invitationInvalid: 'Invitation not found or no longer valid.',
  // Translations.
  translationNotFound: 'Translation not found.',
  missingTranslationNotFound: 'Missing translation not found.',
  overrideExists: 'An override for this key and locale already exists.',
  // Firmware.
  noFirmware: 'No firmware available.',
  firmwareNotFound: 'Firmware not found.',
  firmwareExists: 'Firmware {{version}} already exists.',
  firmwareInvalid: 'The firmware image is invalid ({{reason}}).',
  firmwareVersionTooHigh: 'The firmware version may not exceed 999.999.999.',
  firmwareTooLarge: 'The firmware image is too large.',
  firmwareMissing: "The firmware image is missing (multipart field 'file').",
  firmwareNotMultipart: 'Send the firmware as multipart/form-data.',
  // The app's own: its API client's failures, its upload queue's states, its toasts.
  loginSuccessful: 'Login successful',
  loginFailed: 'Login failed',
  offline: 'You are offline.',
  serverUnreachable: 'The server could not be reached.',
  noAnswerWithin: 'No answer within {{seconds}} s',
  requestCancelled: 'The request was cancelled',
  invalidJsonAnswer: 'The server answered with invalid JSON',
  unexpectedResponse: 'Unexpected response: {{details}}',
  sessionUploaded: 'Session uploaded',
  sessionUpdateFailed: 'Failed to update session',
  syncConflict: 'The session {{name}} had also been changed elsewhere; your version was saved.',
  waitingForConnection: 'Waiting for a connection',
  signInToUpload: 'Sign in again to upload',
  cancelled: 'Cancelled',
  unreadableFiles: "This session's stored files cannot be read. Download it from ASTRO again.",
} as const;

/** A message's id. */
export type MessageId = keyof typeof MESSAGES;

/** The names of the values a template carries ('{{minutes}}' -> 'minutes'). */
type ParamsOf<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | ParamsOf<Rest> : never;

/** The values of one message, by name. */
export type MessageParams = Record<string, string | number>;

type PlainId = { [K in MessageId]: [ParamsOf<(typeof MESSAGES)[K]>] extends [never] ? K : never }[MessageId];
type ParamId = Exclude<MessageId, PlainId>;

/**
 * A message to send or show: the id alone when its template has no value, else the id with every value it names
 * (a missing or a misnamed value does not compile).
 */
export type MessageRef = PlainId | { [K in ParamId]: { id: K; params: Record<ParamsOf<(typeof MESSAGES)[K]>, string | number> } }[ParamId];

/** The id and values of a message reference. */
export function messageParts(ref: MessageRef): { id: MessageId; params?: MessageParams } {
  return typeof ref === 'string' ? { id: ref } : { id: ref.id, params: ref.params };
}

/** Whether a string is an id of this catalogue (an answer of a newer or foreign server may carry another). */
export const isMessageId = (id: unknown): id is MessageId => typeof id === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, id);

/** The English text of a message: its template with the values put in. */
export function renderMessage(ref: MessageRef): string {
  const { id, params } = messageParts(ref);
  // An id this build does not know (only an untyped caller can pass one) stands for itself.
  const template: string = MESSAGES[id] ?? id;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}

/**
 * A message as the app keeps and shows it: its English text, with its catalogue id and values when it has them (a
 * server's error body, the app's own messages). A text without an id (a foreign proxy's answer, a browser's error)
 * is shown as it came.
 */
export interface Message {
  text: string;
  id?: string;
  params?: MessageParams;
}

/** The message of a catalogue reference, its English text rendered. */
export function messageOf(ref: MessageRef): Message {
  return { text: renderMessage(ref), ...messageParts(ref) };
}

/**
 * The message a failure carries: an error's text with the `messageId` and `params` it has (the API client's errors
 * carry the server's), else its text alone.
 */
export function messageOfError(error: unknown): Message {
  if (!(error instanceof Error)) return { text: String(error) };
  const { messageId, params } = error as Error & { messageId?: unknown; params?: unknown };
  return {
    text: error.message,
    ...(typeof messageId === 'string' ? { id: messageId } : {}),
    ...(params && typeof params === 'object' ? { params: params as MessageParams } : {}),
  };
}

/** A stored message as a `Message` (a plain text has no id: it is shown as it was kept). */
export const asMessage = (stored: string | Message): Message => (typeof stored === 'string' ? { text: stored } : stored);
