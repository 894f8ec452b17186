/**
 * The operationId of every route. The routes the-beaconator also had keep its ids
 * (`routes_beacon_update_beacon`...): the Python clients its README has users generate name
 * a module after each (`api/beacon/routes_beacon_update_beacon.py`), so a client generated
 * from this document keeps their imports. The routes it never had follow the same pattern.
 * See the app README, "OpenAPI operationIds".
 */
export const BEACON_OPS_OPERATION_IDS: Readonly<Record<string, string>> = {
  // the-beaconator's own ids
  'GET /': 'routes_info_index',
  'POST /create_beacon': 'routes_beacon_create_beacon',
  'POST /register_beacon': 'routes_beacon_register_beacon',
  'POST /create_perpcity_beacon': 'routes_beacon_create_perpcity_beacon',
  'POST /batch_create_perpcity_beacon': 'routes_beacon_batch_create_perpcity_beacon',
  'POST /update_beacon': 'routes_beacon_update_beacon',
  'POST /batch_update_beacon': 'routes_beacon_batch_update_beacon',
  'POST /create_verifiable_beacon': 'routes_beacon_create_verifiable_beacon',
  // routes it did not have, named the same way
  'POST /create_registry_beacon': 'routes_beacon_create_registry_beacon',
  'POST /batch_create_registry_beacon': 'routes_beacon_batch_create_registry_beacon',
  'POST /update_beacon_with_ecdsa_adapter': 'routes_beacon_update_beacon_with_ecdsa_adapter',
  'POST /create_group_ecdsa_beacon': 'routes_beacon_create_group_ecdsa_beacon',
  // the-beaconator's route of its PR #83 (after its openapi.json was last published), named as its own would be
  'POST /unregister_beacon': 'routes_beacon_unregister_beacon',
  // publish gating's per-beacon overrides (the-beaconator keeps its overrides in its environment), named the same way
  'POST /get_beacon_gating': 'routes_beacon_get_beacon_gating',
  'POST /set_beacon_gating': 'routes_beacon_set_beacon_gating',
  'GET /health': 'routes_info_health',
  'GET /ready': 'routes_info_ready',
};
