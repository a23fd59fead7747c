-- Reference data (the entities the admins maintain): countries, circuit types, circuits, vehicle types, vehicle categories.
create table countries (
  id serial primary key,
  name text not null,
  timezone text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index countries_name_key on countries (lower(name));

alter table users add constraint users_country_fk foreign key (country_id) references countries(id) on delete set null;

create table circuit_types (
  id serial primary key,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index circuit_types_name_key on circuit_types (lower(name));

create table vehicle_types (
  id serial primary key,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index vehicle_types_name_key on vehicle_types (lower(name));

create table vehicle_categories (
  id serial primary key,
  name text not null,
  vehicle_type_id integer not null references vehicle_types(id) on delete restrict,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index vehicle_categories_name_key on vehicle_categories (vehicle_type_id, lower(name));

create table circuits (
  id serial primary key,
  user_id integer references users(id) on delete set null,
  name text not null,
  type_id integer not null references circuit_types(id) on delete restrict,
  country_id integer not null references countries(id) on delete restrict,
  description text not null default '',
  configuration text not null default 'Regular' check (configuration in ('Regular', 'Inverted')),
  direction text not null default 'Clockwise' check (direction in ('Clockwise', 'Counterclockwise')),
  length double precision not null default 0,
  coordinates text not null default '',
  size double precision not null default 10,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index circuits_name_key on circuits (country_id, lower(name));

-- Which seed rows were already inserted once: an admin deleting a seeded row does not see it come back.
create table reference_seed_log (
  kind text not null,
  key text not null,
  seeded_at timestamptz not null default now(),
  primary key (kind, key)
);
