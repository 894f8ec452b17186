/**
 * Generated from apps/beacon-ops/openapi.json by openapi-typescript: do not edit.
 * Regenerate: nx run-many -t generate-types (after nx run <app>:openapi).
 */

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** In the envelope: every route (method, path, status), and the service name, version, chain, contracts and pool wallets (no auth) */
        get: operations["routes_info_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batch_create_perpcity_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated: old name of /batch_create_registry_beacon, same body, answer and errors. Create and register 1-100 beacons in one atomic Multicall3 transaction: all or none
         * @deprecated
         */
        post: operations["routes_beacon_batch_create_perpcity_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batch_create_registry_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create and register 1-100 beacons in one atomic Multicall3 transaction: all or none */
        post: operations["routes_beacon_batch_create_registry_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/batch_update_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update 1-100 ZK beacons in one transaction; each entry succeeds or fails on its own */
        post: operations["routes_beacon_batch_update_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a ZK beacon (BeaconFactory.createBeacon), not registered; data: its address */
        post: operations["routes_beacon_create_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create_group_ecdsa_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a group ECDSA beacon of `size` values signed by the service signer, registered in the same transaction; update it with an array on /update_beacon_with_ecdsa_adapter */
        post: operations["routes_beacon_create_group_ecdsa_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create_perpcity_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecated: old name of /create_registry_beacon, same body, answer and errors. Create a ZK beacon and register it in the registry, in one transaction (no body)
         * @deprecated
         */
        post: operations["routes_beacon_create_perpcity_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create_registry_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a ZK beacon and register it in the registry, in one transaction (no body) */
        post: operations["routes_beacon_create_registry_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create_verifiable_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a TWAP beacon bound to the given ZK verifier; its owner is the pool wallet that sends it */
        post: operations["routes_beacon_create_verifiable_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_beacon_gating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A beacon's publish gating: the values in force (its overrides, else the settings) and which it overrides */
        post: operations["routes_beacon_get_beacon_gating"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: 200 while the process serves requests */
        get: operations["routes_info_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: 200 when every store and RPC answers, else 503 with each state */
        get: operations["routes_info_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/register_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register an existing beacon with a registry; already registered: success, data null */
        post: operations["routes_beacon_register_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/set_beacon_gating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a beacon's publish gating overrides: a field given sets it, null returns it to the setting, an absent one stays */
        post: operations["routes_beacon_set_beacon_gating"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unregister_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a beacon from a registry (the wind-down of register_beacon); not registered: success, data null */
        post: operations["routes_beacon_unregister_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/update_beacon": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Update a ZK beacon with a proof; public_signals carries the new value */
        post: operations["routes_beacon_update_beacon"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/update_beacon_with_ecdsa_adapter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The service signs the measurement (EIP-712) and submits it to an ECDSA-adapter beacon */
        post: operations["routes_beacon_update_beacon_with_ecdsa_adapter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        BatchCreateBody: {
            /**
             * @description How many beacons to create and register
             * @example 3
             */
            count: number;
        };
        BatchCreateResultDto: {
            /**
             * @example [
             *       "0x5fbdb2315678afecb367f032d93f642f64180aa3"
             *     ]
             */
            beacon_addresses: string[];
            /** @example 3 */
            created_count: number;
            /**
             * @description Always empty on success (atomic batch); a failure is the error envelope
             * @example []
             */
            errors: string[];
            /**
             * @description Always 0: the batch is atomic (all created, or the call fails and none is)
             * @example 0
             */
            failed_count: number;
        };
        BatchUpdateBody: {
            /** @description 1-100 updates, each beacon at most once (one transaction; each entry succeeds or fails on its own) */
            updates: components["schemas"]["UpdateBeaconBody"][];
        };
        BatchUpdateEntryResultDto: {
            /** @example 0x5fbdb2315678afecb367f032d93f642f64180aa3 */
            beacon_address: string;
            /**
             * @description null when the entry was applied; else why not
             * @example null
             */
            error: string | null;
            /** @description Read from the batch transaction's receipt logs */
            success: boolean;
            /**
             * @description The batch transaction for an applied entry; null for a failed one
             * @example 0x3c1f...
             */
            transaction_hash: string | null;
        };
        BatchUpdateResultDto: {
            /** @example 1 */
            failed_updates: number;
            results: components["schemas"]["BatchUpdateEntryResultDto"][];
            /** @example 2 */
            successful_updates: number;
            /** @example 3 */
            total_requested: number;
        };
        BeaconGatingDto: {
            /** @example 0x5fbdb2315678afecb367f032d93f642f64180aa3 */
            beacon_address: string;
            /** @description PUBLISH_GATING: whether the service gates at all (the values below apply only then) */
            enabled: boolean;
            /**
             * @description In force for this beacon: its override, else the setting
             * @example 840
             */
            heartbeat_seconds: number;
            /** @example 0 */
            idle_min_interval_seconds: number;
            /** @example 0 */
            min_interval_seconds: number;
            /**
             * @description The fields this beacon overrides
             * @example [
             *       "heartbeat_seconds"
             *     ]
             */
            overridden: string[];
            /**
             * @description Pinned tier; null: from market-data's open interest and capacity
             * @example null
             * @enum {string|null}
             */
            tier: "active" | "idle" | "dormant" | null;
        };
        CheckResultDto: {
            /**
             * @description How long the probe took, in milliseconds
             * @example 2
             */
            latency_ms: number;
            /**
             * @description Why it is down: what to fix (e.g. a store not migrated), or `unreachable` / `timeout`
             * @example not migrated: pending CreateApiKeys1767225600000 (run `node main.js migrate`)
             */
            reason?: string;
            /** @enum {string} */
            status: "up" | "down";
        };
        CreateBeaconBody: {
            /**
             * @description Any string; kept for compatibility and ignored
             * @example beacon
             */
            placeholder: string;
        };
        CreateGroupEcdsaBeaconBody: {
            /**
             * @description Largest accepted value, inclusive (uint256; default 2^256-1); at least min_measurement
             * @example 1000000000000000000
             */
            max_measurement?: string;
            /**
             * @description Smallest accepted value, inclusive (uint256; default 0)
             * @example 0
             */
            min_measurement?: string;
            /**
             * @description How many values the group holds: every /update_beacon_with_ecdsa_adapter call to it carries exactly this many (1-64)
             * @example 3
             */
            size: number;
        };
        CreateVerifiableBeaconBody: {
            /**
             * @description TWAP observation slots the ring may grow to (typically 100-1000)
             * @example 100
             */
            initial_cardinality: number;
            /**
             * @description Initial value (uint256): a JSON integer of any size or a decimal string; a decimal quantity pre-scaled by 2^96
             * @example 79228162514264337593543950336
             */
            initial_data: string;
            /** @description The zero-knowledge verifier contract (IVerifier) the beacon will use, for ever */
            verifier_address: string;
        };
        EcdsaUpdateBody: {
            /** @description An ECDSA-adapter beacon (single-value or group) whose verifier adapter accepts the service signer */
            beacon_address: string;
            /**
             * @description uint256 as a decimal string (a JSON integer is accepted too) for a single-value beacon; for a group beacon an array of exactly its number of values, in order (the-beaconator accepts both forms). The wrong form or length is 422 naming the expected one; the adapter rejects a value outside its range
             * @example 42
             */
            measurement: string | string[];
        };
        EndpointDto: {
            /** @example Create a ZK beacon and register it in the registry, in one transaction (no body) */
            description: string;
            /** @example POST */
            method: string;
            /** @example /create_registry_beacon */
            path: string;
            /** @example true */
            requires_auth: boolean;
            /**
             * @description the-beaconator's EndpointStatus casing. Deprecated: an old name kept for existing clients (it works); NotImplemented: none here
             * @example Working
             * @enum {string}
             */
            status: "Working" | "NotImplemented" | "Deprecated";
        };
        /** ErrorEnvelope */
        ErrorEnvelope: {
            /**
             * @description Always null on failure
             * @example null
             */
            data: Record<string, never> | null;
            /** @description What went wrong, e.g. "Beacon not found: no contract at 0x..." (404); a 504 ends with "Transaction hash: 0x..." */
            message: string;
            /**
             * @example false
             * @enum {boolean}
             */
            success: false;
        };
        GetBeaconGatingBody: {
            /** @description The beacon whose publish gating to read */
            beacon_address: string;
        };
        HealthDto: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
        };
        PoolWalletDto: {
            /** @example 0x70997970c51812dc3a010c7d01b50e0d17dc79c8 */
            address: string;
            /**
             * @description Balance in wei, as a decimal string; null while the RPC is unreachable
             * @example 10000000000000000000000
             */
            balance_wei: string | null;
        };
        ReadinessDto: {
            /**
             * @example {
             *       "index_store": {
             *         "latency_ms": 2,
             *         "status": "up"
             *       }
             *     }
             */
            checks: {
                [key: string]: components["schemas"]["CheckResultDto"];
            };
            /** @enum {string} */
            status: "ready" | "unavailable";
        };
        RegisterBeaconBody: {
            /** @description The beacon to register */
            beacon_address: string;
            /** @description The BeaconRegistry; the pool wallets must be its registrars */
            registry_address: string;
        };
        ServiceContractsDto: {
            /**
             * @description BatchUpdater, aggregate3 with a gas limit per call: /batch_update_beacon (BATCH_UPDATER_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            batch_updater: string | null;
            /**
             * @description BeaconFactory: /create_beacon, /create_registry_beacon, /batch_create_registry_beacon (BEACON_FACTORY_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            beacon_factory: string | null;
            /**
             * @description The demo ECDSA beacon's verifier adapter (DEMO_ECDSA_ADAPTER_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            demo_ecdsa_adapter: string | null;
            /**
             * @description Demo ECDSA beacon signed by the service signer (DEMO_ECDSA_BEACON_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            demo_ecdsa_beacon: string | null;
            /**
             * @description Demo ZK (TWAP) beacon (DEMO_ZK_BEACON_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            demo_zk_beacon: string | null;
            /**
             * @description The demo ZK beacon's verifier (DEMO_ZK_VERIFIER_ADDRESS; in the dev stack the Groth16VerifierAdapter of the beacon-mean circuit: prove with `npm run prove`); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            demo_zk_verifier: string | null;
            /**
             * @description GroupEcdsaBeaconFactory: /create_group_ecdsa_beacon (GROUP_ECDSA_BEACON_FACTORY_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            group_ecdsa_beacon_factory: string | null;
            /**
             * @description Multicall3: /batch_create_registry_beacon (MULTICALL3_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            multicall3: string | null;
            /**
             * @description BeaconRegistry (REGISTRY_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            registry: string | null;
            /**
             * @description VerifiableBeaconFactory: /create_verifiable_beacon (VERIFIABLE_BEACON_FACTORY_ADDRESS); null when not configured
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            verifiable_beacon_factory: string | null;
        };
        ServiceInfoDto: {
            /**
             * @description Owner recorded in beacons created through the beacon factory (BEACON_OWNER_ADDRESS, default the signer)
             * @example 0xa0ee7a142d267c1f36714e4a8f75612f20a79720
             */
            beacon_owner: string;
            /**
             * @description Chain id of the RPC, as a decimal string; null while the RPC is unreachable
             * @example 31337
             */
            chain_id: string | null;
            /** @description Every contract address the service uses, by what it is */
            contracts: components["schemas"]["ServiceContractsDto"];
            /**
             * @description Entries whose status is Deprecated (old names that still work)
             * @example 2
             */
            deprecated: number;
            /** @example /docs */
            docs: string;
            /** @description Every route of the app's OpenAPI document */
            endpoints: components["schemas"]["EndpointDto"][];
            /**
             * @description Entries whose status is NotImplemented (every route here is implemented)
             * @example 0
             */
            not_implemented: number;
            /** @example beacon-ops */
            service: string;
            /**
             * @description Address that signs measurements for ECDSA-adapter beacons
             * @example 0xa0ee7a142d267c1f36714e4a8f75612f20a79720
             */
            signer: string;
            /**
             * @description Number of entries in endpoints
             * @example 12
             */
            total_endpoints: number;
            /** @example 0.1.0 */
            version: string;
            /** @description The wallets paying for transactions (addresses only) */
            wallets: components["schemas"]["PoolWalletDto"][];
            /**
             * @description Entries whose status is Working
             * @example 10
             */
            working_endpoints: number;
        };
        SetBeaconGatingBody: {
            /** @description The beacon whose publish gating to change */
            beacon_address: string;
            /**
             * @description Overrides PUBLISH_HEARTBEAT_SECONDS (0: no heartbeat rule); null: the setting
             * @example 840
             */
            heartbeat_seconds?: number | null;
            /**
             * @description Overrides PUBLISH_IDLE_MIN_INTERVAL_SECONDS; null: the setting
             * @example 0
             */
            idle_min_interval_seconds?: number | null;
            /**
             * @description Overrides PUBLISH_MIN_INTERVAL_SECONDS (0: no floor); null: the setting
             * @example 0
             */
            min_interval_seconds?: number | null;
            /**
             * @description Pins the beacon's tier; null: from market-data's open interest and capacity
             * @example active
             * @enum {string|null}
             */
            tier?: "active" | "idle" | "dormant" | null;
        };
        UnregisterBeaconBody: {
            /** @description The beacon to remove from the registry */
            beacon_address: string;
            /** @description The BeaconRegistry; the pool wallets must be its registrars. Absent: REGISTRY_ADDRESS (as the-beaconator's route, whose clients may omit it) */
            registry_address?: string;
        };
        UpdateBeaconBody: {
            /** @description The ZK beacon (Beacon or VerifiableBeacon) to update */
            beacon_address: string;
            /**
             * @description The proof, as 0x-prefixed hex bytes, in the beacon verifier's format. The Groth16 beacons (libs/zk, `npm run prove`): abi.encode(uint256[2] a, uint256[2][2] b, uint256[2] c), 256 bytes
             * @example 0x1234
             */
            proof: string;
            /**
             * @description abi.encode(uint256[] signals), 0x-prefixed hex; signals[0] is the new value. The Groth16 beacons: [value, beacon address, nonce]; each statement is accepted once per beacon
             * @example 0x00000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000002a
             */
            public_signals: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    routes_info_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ServiceInfoDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body, or a URL with bad percent-encoding */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_batch_create_perpcity_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchCreateBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BatchCreateResultDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid count, or the batch would fail / failed on chain: nothing was created */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MULTICALL3_ADDRESS or BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_batch_create_registry_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchCreateBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BatchCreateResultDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid count, or the batch would fail / failed on chain: nothing was created */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description MULTICALL3_ADDRESS or BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_batch_update_beacon: {
        parameters: {
            query?: {
                /** @description true: a transaction whose receipt does not come within the wait (RECEIPT_TIMEOUT_MS) is answered 504, its message ending with the hash (the answer before `confirmed` existed). Default: 200, success true, the hash in data, confirmed false */
                require_confirmation?: boolean;
            };
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchUpdateBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true: the receipt came within the wait. false: the transaction was sent and journaled, its receipt had not come (data carries its hash; a retry with the same Idempotency-Key answers the outcome; ?require_confirmation=true makes this a 504) */
                        confirmed: boolean;
                        data: components["schemas"]["BatchUpdateResultDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Beacon not found: none of the batch's beacons has code (nothing sent) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A field is invalid (each beacon at most once), no entry can be applied (nothing sent), or the batch does not fit one transaction */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BATCH_UPDATER_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_create_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBeaconBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 0x5fbdb2315678afecb367f032d93f642f64180aa3 */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid request: the message names each invalid field; also Idempotency-Key reused with another request, or a transaction above its gas cap */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_create_group_ecdsa_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateGroupEcdsaBeaconBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Beacon address: 0x5fbd..., tx: 0x3c1f... */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A field is invalid (size 1-64, max_measurement at least min_measurement), or the factory is not a registrar of its registry */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description GROUP_ECDSA_BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_create_perpcity_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Beacon address: 0x5fbd..., tx: 0x3c1f... */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid request: the message names each invalid field; also Idempotency-Key reused with another request, or a transaction above its gas cap */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_create_registry_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Beacon address: 0x5fbd..., tx: 0x3c1f... */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid request: the message names each invalid field; also Idempotency-Key reused with another request, or a transaction above its gas cap */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_create_verifiable_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVerifiableBeaconBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Beacon address: 0x5fbd..., tx: 0x3c1f... */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A field is invalid, e.g. no contract at verifier_address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description VERIFIABLE_BEACON_FACTORY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_get_beacon_gating: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GetBeaconGatingBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BeaconGatingDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid request: the message names each invalid field; also Idempotency-Key reused with another request, or a transaction above its gas cap */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Insufficient gas (fund the wallet pool), all wallets busy, or the contract this route needs is not configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_info_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDto"];
                };
            };
            /** @description Malformed JSON body, or a URL with bad percent-encoding */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_info_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessDto"];
                };
            };
            /** @description Malformed JSON body, or a URL with bad percent-encoding */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessDto"];
                };
            };
        };
    };
    routes_beacon_register_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterBeaconBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description null with message "Beacon already registered"
                         * @example Transaction hash: 0x3c1f...
                         */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Beacon not found: no contract at beacon_address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A field is invalid (e.g. no registry at registry_address), or the pool wallets are not registrars */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Insufficient gas (fund the wallet pool), all wallets busy, or the contract this route needs is not configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_set_beacon_gating: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetBeaconGatingBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BeaconGatingDto"];
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Beacon not found: no contract at beacon_address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A field is invalid (seconds 0-604800, tier active, idle or dormant), or none of heartbeat_seconds, min_interval_seconds, idle_min_interval_seconds, tier is given */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Insufficient gas (fund the wallet pool), all wallets busy, or the contract this route needs is not configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_unregister_beacon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UnregisterBeaconBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description null with message "Beacon not registered"
                         * @example Transaction hash: 0x3c1f...
                         */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Beacon not found: no contract at beacon_address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A field is invalid (e.g. no registry at registry_address), or the pool wallets are not registrars */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description registry_address absent and REGISTRY_ADDRESS not configured, or insufficient gas */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_update_beacon: {
        parameters: {
            query?: {
                /** @description true: a transaction whose receipt does not come within the wait (RECEIPT_TIMEOUT_MS) is answered 504, its message ending with the hash (the answer before `confirmed` existed). Default: 200, success true, the hash in data, confirmed false */
                require_confirmation?: boolean;
            };
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBeaconBody"];
            };
        };
        responses: {
            /** @description Envelope with success true */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true: the receipt came within the wait. false: the transaction was sent and journaled, its receipt had not come (data carries its hash; a retry with the same Idempotency-Key answers the outcome; ?require_confirmation=true makes this a 504) */
                        confirmed: boolean;
                        /** @example Transaction hash: 0x3c1f... */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Beacon not found: no contract at beacon_address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid proof (rejected, replayed, malformed signals), or a field is invalid */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Insufficient gas (fund the wallet pool), all wallets busy, or the contract this route needs is not configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    routes_beacon_update_beacon_with_ecdsa_adapter: {
        parameters: {
            query?: {
                /** @description true: a transaction whose receipt does not come within the wait (RECEIPT_TIMEOUT_MS) is answered 504, its message ending with the hash (the answer before `confirmed` existed). Default: 200, success true, the hash in data, confirmed false */
                require_confirmation?: boolean;
            };
            header?: {
                /** @description Makes a retry return the first answer without a second transaction (1-255 visible ASCII characters) */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EcdsaUpdateBody"];
            };
        };
        responses: {
            /** @description Envelope with success true. With PUBLISH_GATING on, an update held back (an unchanged measurement within the heartbeat, or any within the minimum interval) answers data null, confirmed true and a message naming the rule and the time from which a publish goes through: nothing was sent, no gas spent, no token budget charged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true: the receipt came within the wait. false: the transaction was sent and journaled, its receipt had not come (data carries its hash; a retry with the same Idempotency-Key answers the outcome; ?require_confirmation=true makes this a 504) */
                        confirmed: boolean;
                        /** @example Transaction hash: 0x3c1f... */
                        data: string | null;
                        message: string;
                        success: boolean;
                    };
                };
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Authentication failed: missing or wrong bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Beacon not found: no contract at beacon_address */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description A request with the same Idempotency-Key is still in progress */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Request body too large (160 KiB for /batch_update_beacon, 72 KiB for /update_beacon, 4 KiB for the rest) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Invalid proof: signer mismatch, measurement out of range; or not an ECDSA-adapter beacon the service signs for, a measurement of the wrong form or length for the beacon (an array for a single-value beacon, not exactly its size for a group: the message names the expected length), or a field is invalid */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /**
             * @description Too many failed authentication attempts from this address
             *
             *     The token's transactions per minute or gas per hour are used up; Retry-After gives the seconds to wait
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Internal server error (sanitised) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Chain RPC unavailable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Insufficient gas (fund the wallet pool), all wallets busy, or the contract this route needs is not configured */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No receipt in time; the message carries the transaction hash, which the journal reconciles */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
