-- Accounts: users, refresh-token families, one-time tokens (verification, password reset).
create table users (
  id serial primary key,
  email text not null,
  first_name text not null,
  last_name text not null default '',
  birthdate date,
  country_id integer,
  licence_id text,
  password_hash text not null,
  active boolean not null default true,
  verified boolean not null default false,
  firmware_version text,
  role text not null default 'user' check (role in ('user', 'admin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Refresh tokens are stored as SHA-256 hashes. A login starts a family; each refresh marks the used token
-- `rotated_at` and issues the next one in the same family. Presenting a rotated or revoked token revokes the family.
create table refresh_tokens (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family_id);
create index refresh_tokens_user on refresh_tokens (user_id);

create table one_time_tokens (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  kind text not null check (kind in ('verify', 'reset')),
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_tokens_user on one_time_tokens (user_id, kind);
