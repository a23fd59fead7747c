-- Access tokens carry the user's token version; every authenticated request compares it (and the active flag)
-- with this row, so a password change, reset or deactivation ends existing access tokens at once instead of when
-- they expire.
alter table users add column token_version integer not null default 0;
