-- The four databases the services use (each store is its own database).
CREATE DATABASE perp_index;
CREATE DATABASE perp_source;
CREATE DATABASE market_data;
CREATE DATABASE beacon_ops;
