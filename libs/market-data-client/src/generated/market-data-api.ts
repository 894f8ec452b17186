/**
 * Generated from apps/market-data/openapi.json by openapi-typescript: do not edit.
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
        /** Service name, version and where its docs are */
        get: operations["getServiceInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List every API key, bot and developer keys, revoked ones included (admin keys only; previews only) */
        get: operations["adminListKeys"];
        put?: never;
        /** Create a bot API key (admin keys only); the full key is in this response only */
        post: operations["adminCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke any API key (admin keys only); every replica refuses it at once; revoking it again is accepted (204) */
        delete: operations["adminRevokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the developer's API keys (previews only, revoked ones included) */
        get: operations["listDeveloperKeys"];
        put?: never;
        /** Create an API key; the full key is in this response only */
        post: operations["createDeveloperKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of your API keys; revoking it again is accepted (204) */
        delete: operations["revokeDeveloperKey"];
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
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/index/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How fresh the index is
         * @description Per chain the indexer's last block, its time and its age (lag_seconds = now - block time: the store keeps no chain head); per market the time of its latest snapshot. Without a chain cursor (an index the simulator loaded) chains is empty and note says so. The same figures are metrics (market_data_index_*) on /metrics.
         */
        get: operations["getIndexStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List markets
         * @description Filtered and sorted; nulls last, ties by perp_address ascending.
         */
        get: operations["listMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Market detail: the market, its latest snapshot and its live figures */
        get: operations["getMarket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/candles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Candles of the mark and index prices, with volume, newest first
         * @description OHLC of the snapshots' mark price (the pool price) and of their index, volume and trade count from the trades (closes), and the open interest in force at the interval's start, per interval of the resolution. start_time and end_time bound the candles' start times, both inclusive. An interval without any snapshot or trade has no candle (no forward fill), so consecutive candles may be more than one resolution apart. Served from rollups kept at write time.
         */
        get: operations["listMarketCandles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/funding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Funding history, newest first (timestamp, then id); start_time and end_time inclusive
         * @description A point at each indexed block (or simulator write) that changed the funding rate or the cumulative funding: the state after that block.
         */
        get: operations["listMarketFunding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live figures from the market's latest snapshot */
        get: operations["getLiveMarket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/open-interest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open-interest history, newest first (timestamp, then id); start_time and end_time inclusive
         * @description A point at each indexed block (or simulator write) that changed the open interest or the capacity: the state after that block.
         */
        get: operations["listMarketOpenInterest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Snapshots, newest first (timestamp, then id); start_time and end_time inclusive */
        get: operations["listMarketSnapshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * 24 h price statistics
         * @description Over the snapshots of the 24 hours ending at the latest snapshot, both ends inclusive. 404 "No live data for market" without any snapshot.
         */
        get: operations["getMarketStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{perp_address}/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent close trades, newest first (timestamp, then id); start_time and end_time inclusive */
        get: operations["listMarketTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/markets/{ticker}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Raw measurement history of a market, with its index
         * @description The ticker (exact, case-sensitive) is resolved through the markets' cosmetic `ticker`. Points come from the source store for the market's whole life, oldest first; before the market's boundary time the index and origin are the source row's, at and after it the index is the on-chain snapshot's at the same timestamp (origin `chain`). No forward-fill. start_time and end_time are inclusive. Needs both the index and the source store.
         */
        get: operations["getMarketHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Positions, ordered by id
         * @description Filters combine with AND. Open positions carry their current figures at the market mark; closed ones have them null.
         */
        get: operations["listPositions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/positions/{position_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One position by its on-chain id
         * @description Position ids are local to each market (one Perp contract per market). With perp_address (or an alias), that market's position; without it, the position when exactly one market holds the id, else 422 on perp_address naming how many markets do.
         */
        get: operations["getPosition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/positions/liquidatable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Permissive liquidation candidates
         * @description Open positions whose margin ratio at the mark is within the candidate buffer of their maintenance ratio (margin_ratio <= liq_margin_ratio * (1 + CANDIDATE_BUFFER)), or whose ratio cannot be computed (listed last). A candidate is not a guarantee: confirm it on-chain before acting.
         */
        get: operations["getLiquidatablePositions"];
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
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Push stream of trades, marks, index heads and liquidation-candidate changes
         * @description Server-Sent Events (text/event-stream). Each message has `event:` and one `data:` line of JSON:
         *     - `hello` {channels, perp_address, last_event_id}: first, on every connection;
         *     - `reset` {channels, reason, read}: read those routes again, the stream cannot give what you miss (reason `connected` for candidates, `gap` when Last-Event-ID is outside the window, `bulk_write` for a bulk load of trades);
         *     - `trades`: a Trade (as /markets/{perp_address}/trades), with an `id:`;
         *     - `marks`: a Live market (as /markets/{perp_address}/live), at most once a second per market, with an `id:`;
         *     - `index` {chain_id, block_number, block_hash, block_timestamp}: the indexer committed a new head, with an `id:`;
         *     - `candidate_enter`: a Liquidatable position candidate (as /positions/liquidatable) that entered the list; `candidate_leave` {id, perp_address, perp}: one that left it. No `id:` (each replica diffs its own refresh).
         *     Comment lines (`: heartbeat`) keep idle connections open. Reconnect with `Last-Event-ID`: the missed trades, marks (latest per market) and index events follow, or a `reset` when they left the window.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A wallet's fills, newest first (timestamp, then id)
         * @description Every close (partial or full) of the holder's taker positions (the trades rows; makers' withdrawals are not trades), in every market or in perp_address's, liquidations flagged by was_liquidated. start_time and end_time inclusive. An unknown holder or market gives an empty page.
         */
        get: operations["listFills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a bot API key (admin keys only); the full key is in this response only */
        post: operations["v1CreateAdminKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List markets (legacy shape), newest first (created_at desc, nulls last, then perp id) */
        get: operations["v1ListMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Market detail (legacy shape) */
        get: operations["v1GetMarket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market_id}/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live figures from the latest snapshot (legacy shape) */
        get: operations["v1GetLiveMarket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market_id}/oi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open-interest history (legacy shape), newest first; the points of /markets/{perp_address}/open-interest; start_time and end_time inclusive */
        get: operations["v1ListMarketOpenInterest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market_id}/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Snapshots (legacy shape), newest first; start_time and end_time inclusive */
        get: operations["v1ListMarketSnapshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 24 h price statistics (legacy shape); window as for /markets/{perp_address}/stats */
        get: operations["v1GetMarketStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market_id}/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Close trades (legacy shape), newest first; start_time and end_time inclusive */
        get: operations["v1ListMarketTrades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Positions, ordered by id (legacy shape) */
        get: operations["v1ListPositions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions/{position_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One position by its on-chain id (legacy shape)
         * @description Position ids are local to each market: without perp_address, the position when exactly one market holds the id, else 422.
         */
        get: operations["v1GetPosition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/positions/liquidatable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Permissive liquidation candidates, most underwater first (legacy shape) */
        get: operations["v1GetLiquidatablePositions"];
        put?: never;
        post?: never;
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
        AdminKeyInfoDto: {
            /**
             * Format: date-time
             * @example 2026-01-01T12:00:00.000Z
             */
            created_at: string;
            /**
             * @description The owning developer (their token's sub); null for a bot key an admin created
             * @example null
             */
            developer_id: string | null;
            /** @example 1 */
            id: number;
            /** @example true */
            is_active: boolean;
            /**
             * @description First 8 and last 4 characters of the key
             * @example mdk_3q2-...KlO0
             */
            key_preview: string;
            /**
             * Format: date-time
             * @example null
             */
            last_used_at: string | null;
            /** @example my-bot */
            name: string;
            /**
             * @description Requests per rate-limit window for this key; null: the service's default
             * @example null
             */
            rate_limit: number | null;
            /**
             * Format: date-time
             * @example null
             */
            revoked_at: string | null;
        };
        CandidateHealthDto: {
            /**
             * @description Maintenance margin ratio threshold, fraction
             * @example 0.05
             */
            liq_margin_ratio: string | null;
            /**
             * @description Approximate equity / notional; null if uncomputable
             * @example 0.052
             */
            margin_ratio: string | null;
        };
        CandleDto: {
            /**
             * @description Close: the last snapshot's mark price (the pool price, (amm_price_x96 / 2^96)^2, as /snapshots mark_price); null when the interval has trades but no snapshot
             * @example 1.5
             */
            close: string | null;
            /**
             * @description High: the highest snapshot mark price (the pool price, (amm_price_x96 / 2^96)^2, as /snapshots mark_price); null when the interval has trades but no snapshot
             * @example 1.5
             */
            high: string | null;
            /**
             * @description Close index price (plain X96 / 2^96) over the snapshots that carry an index; null when none does
             * @example 1.5
             */
            index_close: string | null;
            /**
             * @description High index price (plain X96 / 2^96) over the snapshots that carry an index; null when none does
             * @example 1.5
             */
            index_high: string | null;
            /**
             * @description Low index price (plain X96 / 2^96) over the snapshots that carry an index; null when none does
             * @example 1.5
             */
            index_low: string | null;
            /**
             * @description Open index price (plain X96 / 2^96) over the snapshots that carry an index; null when none does
             * @example 1.5
             */
            index_open: string | null;
            /**
             * @description Low: the lowest snapshot mark price (the pool price, (amm_price_x96 / 2^96)^2, as /snapshots mark_price); null when the interval has trades but no snapshot
             * @example 1.5
             */
            low: string | null;
            /**
             * @description Open: the first snapshot's mark price (the pool price, (amm_price_x96 / 2^96)^2, as /snapshots mark_price); null when the interval has trades but no snapshot
             * @example 1.5
             */
            open: string | null;
            /**
             * @description Open interest long (perps: sum of open long taker sizes) in force at the interval's start: the market's last /open-interest point strictly before `timestamp` (a point at the start is a change inside the interval); null when the market has no point before it
             * @example 1.5
             */
            open_interest_long: string | null;
            /**
             * @description Open interest short (perps: sum of open short taker sizes) in force at the interval's start: the market's last /open-interest point strictly before `timestamp` (a point at the start is a change inside the interval); null when the market has no point before it
             * @example 1.5
             */
            open_interest_short: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /**
             * @description The resolution asked for
             * @enum {string}
             */
            resolution: "1m" | "5m" | "15m" | "1h" | "4h" | "1d";
            /**
             * Format: date-time
             * @description Start of the interval (aligned to the Unix epoch: UTC midnight for 1d); the interval is [timestamp, timestamp + resolution)
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
            /** @description Trades in the interval */
            trade_count: number;
            /**
             * @description Perps traded: sum of |perp_delta| of the trades in the interval
             * @example 1.5
             */
            volume_perps: string;
            /**
             * @description USD traded: sum of |usd_delta| of the trades (closes) in the interval
             * @example 1.5
             */
            volume_usd: string;
        };
        ChainIndexStatusDto: {
            /** @description Hash of that block, 0x hex */
            block_hash: string;
            /** @description The last block the indexer wrote completely (its rows and cursor in one transaction) */
            block_number: number;
            /**
             * Format: date-time
             * @description That block's timestamp
             * @example 2026-01-01T00:00:00.000Z
             */
            block_time: string;
            chain_id: number;
            /**
             * Format: date-time
             * @description When the indexer wrote it
             * @example 2026-01-01T00:00:00.000Z
             */
            indexed_at: string;
            /** @description checked_at - block_time, seconds: the store keeps no chain head, so the lag is the age of the last indexed block (a quiet chain's blocks age too, never a negative value) */
            lag_seconds: number;
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
        CreateAdminKeyBody: {
            /**
             * @description A label for the key
             * @example liquidation-bot
             */
            name: string;
        };
        CreateBotKeyBody: {
            /**
             * @description A label for the key
             * @example liquidation-bot
             */
            name: string;
            /**
             * @description Requests per rate-limit window for this key; omitted: the service's default
             * @example 1200
             */
            rate_limit?: number;
        };
        CreateDeveloperKeyBody: {
            /**
             * @description A label for the key
             * @default default
             * @example my-bot
             */
            name: string;
        };
        /** ErrorDetail */
        ErrorDetail: {
            /** @description What went wrong, e.g. "Market not found" (404), "Missing API key" (401) */
            detail: string;
        };
        FillDto: {
            /**
             * @description USDC paid (> 0) or received (< 0) in funding
             * @example 1.5
             */
            funding: string | null;
            /**
             * @description The wallet holding the position
             * @example 0x00000000000000000000000000000000000000aa
             */
            holder: string;
            /** @description Trade id (the same id as on /markets/{perp_address}/trades) */
            id: number;
            /** @description The side of the taker position closed (true: long); null only if the store lacks it */
            is_long: boolean | null;
            /**
             * @description USDC paid to the liquidator; null for voluntary closes
             * @example 1.5
             */
            liq_fee: string | null;
            /**
             * @description The mark the close was judged at, USD per perp
             * @example 1.5
             */
            mark_price: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /**
             * @description Perps, the trade's own flow (closing a long is negative)
             * @example 1.5
             */
            perp_delta: string;
            /** @description On-chain position id, local to perp_address */
            pos_id: number;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
            /**
             * @description USDC, the trade's own flow
             * @example 1.5
             */
            usd_delta: string;
            /**
             * @description USDC of trading fees
             * @example 1.5
             */
            util_fees: string | null;
            /** @description true when the close was a liquidation */
            was_liquidated: boolean;
        };
        FundingPointDto: {
            /** @description Block the indexer read it at; null where the simulator wrote it */
            block_number: number | null;
            /**
             * @description Funding paid per 1 perp since the market was created, USD, signed
             * @example 1.5
             */
            cumulative_funding: string;
            /**
             * @description Funding per day, signed; positive means longs pay shorts (as funding_rate_daily on the market)
             * @example 1.5
             */
            funding_rate_daily: string | null;
            id: number;
            /**
             * Format: date-time
             * @description Time of the block (or simulator step) that changed it
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        HealthDto: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
        };
        HistoryPointDto: {
            /**
             * @description Index in X96 form (an integer). Before the boundary: the source row's; at and after it: the on-chain snapshot's at the same timestamp. null when that tick has no index (null or <= 0); the point stays
             * @example 1.5
             */
            index_x96: string | null;
            /**
             * @description backfill, mirror or folded before the boundary; chain at and after it
             * @enum {string|null}
             */
            origin: "backfill" | "mirror" | "folded" | "chain" | null;
            /** @description Raw source measurement; present for the whole life of the market */
            raw_value: number | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            ts: string;
        };
        /** HTTPValidationError */
        HTTPValidationError: {
            detail: {
                ctx?: Record<string, never>;
                input?: unknown;
                loc: (string | number)[];
                msg: string;
                type: string;
            }[];
        };
        IndexStatusDto: {
            chains: components["schemas"]["ChainIndexStatusDto"][];
            /**
             * Format: date-time
             * @description The store's clock when these figures were read
             * @example 2026-01-01T00:00:00.000Z
             */
            checked_at: string;
            /** @description true when an indexer follows a chain into this store (a chain cursor exists) */
            indexed_from_chain: boolean;
            /** @description By perp_address */
            markets: components["schemas"]["MarketIndexStatusDto"][];
            /** @description Markets in the index (markets lists at most the first 1000 by perp_address) */
            markets_total: number;
            /** @description Why chain figures are absent: without a chain cursor the index was loaded another way (the simulator); null when indexed from a chain */
            note: string | null;
        };
        KeyInfoDto: {
            /**
             * Format: date-time
             * @example 2026-01-01T12:00:00.000Z
             */
            created_at: string;
            /** @example 1 */
            id: number;
            /** @example true */
            is_active: boolean;
            /**
             * @description First 8 and last 4 characters of the key
             * @example mdk_3q2-...KlO0
             */
            key_preview: string;
            /**
             * Format: date-time
             * @example null
             */
            last_used_at: string | null;
            /** @example my-bot */
            name: string;
        };
        KeyResponseDto: {
            /**
             * Format: date-time
             * @example 2026-01-01T12:00:00.000Z
             */
            created_at: string;
            /** @example 1 */
            id: number;
            /** @example true */
            is_active: boolean;
            /**
             * @description The full API key. Shown only in this response: store it now.
             * @example mdk_3q2-7wEjX5bN8x0uLr9cQvH1kTzY4sAaPdMfGhJiKlO
             */
            key: string;
            /**
             * Format: date-time
             * @example null
             */
            last_used_at: string | null;
            /** @example liquidation-bot */
            name: string;
        };
        LiquidationCandidateDto: {
            /**
             * @description Full liquidation size as an integer string in base units: |perp_delta| atoms for takers, raw liquidity for makers
             * @example 2000000
             */
            amount: string;
            /**
             * @description Unix time of the mark snapshot used (the market's latest snapshot)
             * @example 1767225540
             */
            as_of: number | null;
            /**
             * @description margin_ratio - liq_margin_ratio, unbuffered; non-positive means already past the raw threshold
             * @example 0.002
             */
            distance_to_liquidation: string | null;
            /**
             * @description min(max(equity, 0), floor(notional * liquidation fee) in atoms), USDC: a prioritisation signal, not a payout
             * @example 10
             */
            estimated_reward: string | null;
            health: components["schemas"]["CandidateHealthDto"];
            /**
             * @description Wallet holding the position
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            holder: string | null;
            /**
             * @description On-chain position id
             * @example 42
             */
            id: number;
            /** @example false */
            is_maker: boolean;
            /**
             * @description The mark snapshot is older than STALE_AFTER_SECONDS, or its age is unknown
             * @default true
             * @example false
             */
            is_stale: boolean;
            /**
             * @description Maintenance margin ratio threshold, fraction
             * @example 0.05
             */
            liq_margin_ratio: string | null;
            /**
             * @description The mark (USD per perp) at which the contract's integer liquidation test flips, funding and util owed (makers: also util earnings and LP fees) accrued to the mark snapshot and held: exact to one X96 unit (at that X96 mark the test says liquidatable, one unit towards the safe side it does not), rendered like current_mark_price (x / 2^96, at most 18 decimals). Takers: a long is liquidatable at or below it, a short at or above. Makers: the pool price and the mark moved together, the turn nearest the current mark (a band can be liquidated by a fall and by a rise). null when no mark flips the test (a side no price can liquidate, or one every price does), when closed, or without a mark
             * @example 32.368421052631578947
             */
            liquidation_price: string | null;
            /**
             * @description The contract's ratio at the mark snapshot from indexed (possibly stale) state: floor(equity * 1e6 / (value + 1)) / 1e6, 0 when equity <= 0; null if uncomputable
             * @example 0.052
             */
            margin_ratio: string | null;
            /**
             * @default full
             * @example full
             */
            mode: string;
            /**
             * @description The contract's position value at the mark, USDC (takers |trunc(perp_delta * mark)|, makers the band's value); null if uncomputable
             * @example 2000
             */
            notional: string | null;
            /**
             * @deprecated
             * @description Deprecated alias of perp_address
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            perp: string | null;
            /**
             * @description Perp contract address
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            perp_address: string | null;
        };
        LiveMarketDto: {
            /**
             * @description The market's funding per day
             * @example 1.5
             */
            funding_rate_daily: string | null;
            /**
             * @description The latest snapshot's index price (X96 decoded); null when it carries none
             * @example 1.5
             */
            index_price: string | null;
            /**
             * @description The contract's mark at the latest snapshot's time (the fair price with both EMAs advanced; the positions' current_mark_price); before the market's first EMA update, the snapshot's pool price (amm_price_x96 / 2^96)^2
             * @example 1.5
             */
            mark_price: string;
            /**
             * @deprecated
             * @description Deprecated alias of perp_address (same value)
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /**
             * Format: date-time
             * @description Time of the latest snapshot
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        MarketDetailDto: {
            latest_snapshot: components["schemas"]["SnapshotDto"] | null;
            /** @description null while the market has no snapshot */
            live: components["schemas"]["LiveMarketDto"] | null;
            market: components["schemas"]["MarketDto"];
        };
        MarketDto: {
            /**
             * @description USDC
             * @example 1.5
             */
            bad_debt: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            beacon_address: string;
            /**
             * @description Perps
             * @example 1.5
             */
            capacity_long: string;
            /**
             * @description Perps
             * @example 1.5
             */
            capacity_short: string;
            card_label: string | null;
            /** @description Unix seconds */
            created_at: number | null;
            data_source: string | null;
            description: string | null;
            /**
             * @description EMA window, seconds
             * @example 1.5
             */
            ema_window: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            fees_module: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            funding_module: string;
            /**
             * @description Funding per day, signed; positive means longs pay shorts
             * @example 1.5
             */
            funding_rate_daily: string | null;
            /**
             * @description USD per perp, from the EMA index price (X96)
             * @example 1.5
             */
            index_price: string | null;
            /**
             * @description USDC
             * @example 1.5
             */
            insurance: string;
            /** @description Unix seconds */
            last_touched_at: number | null;
            /**
             * @description Raw Uniswap liquidity (an integer)
             * @example 1.5
             */
            liquidity: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            margin_ratios_module: string;
            /**
             * @description USD per perp, the stored EMA of the pool price (X96) as of the last touch; the contract mark is /live mark_price
             * @example 1.5
             */
            mark_price: string | null;
            name: string;
            /**
             * @description Perps
             * @example 1.5
             */
            open_interest_long: string;
            /**
             * @description Perps
             * @example 1.5
             */
            open_interest_short: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            owner: string;
            /**
             * @deprecated
             * @description Deprecated alias of perp_address (same value)
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string | null;
            /**
             * @description Perp contract address (canonical identifier)
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp_address: string;
            photo_url: string | null;
            /** @description Uniswap v4 pool id, bytes32 hex */
            pool_id: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            price_impact_module: string;
            /** @example 0x00000000000000000000000000000000000000aa */
            pricing_module: string;
            /**
             * @description Fraction (0.05 = 5%)
             * @example 1.5
             */
            protocol_fee: string;
            symbol: string;
            tick: number;
            ticker: string | null;
            token_uri: string;
            /**
             * @description USDC
             * @example 1.5
             */
            total_margin: string;
        };
        MarketIndexStatusDto: {
            /**
             * Format: date-time
             * @description Time of the market's latest snapshot; null before its first
             * @example 2026-01-01T00:00:00.000Z
             */
            last_snapshot_at: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /** @description checked_at - last_snapshot_at, seconds; null without a snapshot */
            snapshot_age_seconds: number | null;
        };
        MarketStatsDto: {
            /**
             * @deprecated
             * @description Deprecated alias of perp_address (same value)
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /**
             * @description Latest price minus the first price over the snapshots of the 24 h ending at the latest snapshot (both ends inclusive)
             * @example 1.5
             */
            price_24h_change: string;
            /**
             * @description price_24h_change / first price * 100
             * @example 1.5
             */
            price_24h_change_percent: string;
            /**
             * @description Highest pool price over the snapshots of the 24 h ending at the latest snapshot (both ends inclusive)
             * @example 1.5
             */
            price_24h_high: string;
            /**
             * @description Lowest pool price over the snapshots of the 24 h ending at the latest snapshot (both ends inclusive)
             * @example 1.5
             */
            price_24h_low: string;
        };
        NewKeyResponseDto: {
            /**
             * Format: date-time
             * @example 2026-01-01T12:00:00.000Z
             */
            created_at: string;
            /** @example 2 */
            id: number;
            /**
             * @description The full API key. Shown only in this response: store it now.
             * @example mdk_3q2-7wEjX5bN8x0uLr9cQvH1kTzY4sAaPdMfGhJiKlO
             */
            key: string;
            /** @example my-bot */
            name: string;
        };
        OpenInterestPointDto: {
            /** @description Block the indexer read it at; null where the simulator wrote it */
            block_number: number | null;
            /**
             * @description Perps the open maker ranges hold above the pool price
             * @example 1.5
             */
            capacity_long: string;
            /**
             * @description Perps the open maker ranges absorb below the pool price
             * @example 1.5
             */
            capacity_short: string;
            id: number;
            /**
             * @description Perps: sum of open long taker sizes
             * @example 1.5
             */
            open_interest_long: string;
            /**
             * @description Perps: sum of open short taker sizes
             * @example 1.5
             */
            open_interest_short: string;
            /**
             * Format: date-time
             * @description Time of the block (or simulator step) that changed it
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        PositionDto: {
            /**
             * @description Average entry pool price in plain X96 form, as an integer string (price = x / 2^96)
             * @example 79228162514264337593543950336000
             */
            avg_entry_amm_price_x96: string | null;
            /**
             * @description Backstop margin ratio, fraction
             * @example 0.02
             */
            backstop_margin_ratio: string | null;
            /**
             * @description Unix seconds; null while open
             * @example null
             */
            close_timestamp: number | null;
            /**
             * @description The contract's mark at the market's latest snapshot: the fair price avg(pool price, max(index + EMA(pool) - EMA(index), 0)) with both EMAs advanced to that time (the /live mark_price); null when closed or before the first EMA update
             * @example 1000
             */
            current_mark_price: string | null;
            /**
             * @description The contract's equity, USDC: margin settled (takers: - funding owed - util owed; makers: - funding owed + util earnings + LP fees, accrued to the mark snapshot) + unrealized_pnl; null when closed
             * @example 150
             */
            effective_margin: string | null;
            /**
             * @description Wallet holding the position
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            holder: string | null;
            /**
             * @description On-chain position id
             * @example 42
             */
            id: number;
            /** @example false */
            is_closed: boolean;
            /**
             * @description null for makers
             * @example true
             */
            is_long: boolean | null;
            /** @example false */
            is_maker: boolean;
            /**
             * @description Maintenance margin ratio, fraction
             * @example 0.05
             */
            liq_margin_ratio: string | null;
            /**
             * @description The mark (USD per perp) at which the contract's integer liquidation test flips, funding and util owed (makers: also util earnings and LP fees) accrued to the mark snapshot and held: exact to one X96 unit (at that X96 mark the test says liquidatable, one unit towards the safe side it does not), rendered like current_mark_price (x / 2^96, at most 18 decimals). Takers: a long is liquidatable at or below it, a short at or above. Makers: the pool price and the mark moved together, the turn nearest the current mark (a band can be liquidated by a fall and by a rise). null when no mark flips the test (a side no price can liquidate, or one every price does), when closed, or without a mark
             * @example 32.368421052631578947
             */
            liquidation_price: string | null;
            /**
             * @description USDC
             * @example 250
             */
            margin: string | null;
            /**
             * @description Closed positions: the funding settled over its life, USDC, positive when received and negative when paid (as dYdX netFunding): minus the sum of the funding of every settling event (TakerAdjusted, TakerBackstopped, TakerClosed; makers: MakerAdjusted, MakerBackstopped, MakerConverted, MakerClosed). Null while open, and for a position whose history the index lacks
             * @example -0.75
             */
            net_funding: string | null;
            /**
             * @description Unix seconds
             * @example 1767139200
             */
            open_timestamp: number;
            /**
             * @deprecated
             * @description Deprecated alias of perp_address
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            perp: string | null;
            /**
             * @description Perp contract address (canonical market id)
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            perp_address: string;
            /**
             * @description Perps, signed (long > 0). Makers: minus the perps lent to the pool at entry
             * @example 2
             */
            perp_delta: string | null;
            /**
             * @description Closed takers: the PnL the position realized, USDC, exact to the atom: the sum over its touches of (the touch's swap USD + the contract's usd_delta before - after), so a full close realizes the close's USD plus the entry USD left in the position; before funding, utilization fees, trading fees and any liquidation fee (USDC paid out = margin in - margin withdrawn + realized_pnl + net_funding - utilization fees - trading fees - liquidation fee, when that is positive; a loss past it is bad debt). Null while open; null for makers and converted makers (a maker's close pays its band's amounts, which no event carries and the views forget), and for a position whose history the index lacks
             * @example 12.5
             */
            realized_pnl: string | null;
            /**
             * @description The contract's valPnl at the mark, USDC: takers trunc(perp_delta * mark) + usd_delta; makers the band at the mark (its pool-price amounts, perps valued at the mark) + trunc(perp_delta * mark) + usd_delta. Null when closed
             * @example -100
             */
            unrealized_pnl: string | null;
            /**
             * @description USDC, signed. Takers: paid (< 0) or received at entry. Makers: minus the USD lent at entry
             * @example -2000
             */
            usd_delta: string | null;
            /**
             * @description null while open
             * @example null
             */
            was_liquidated: boolean | null;
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
        ServiceInfoDto: {
            /** @example /docs */
            docs: string;
            /** @example /openapi.json */
            openapi: string;
            /** @example market-data */
            service: string;
            /** @example 0.1.0 */
            version: string;
        };
        SnapshotDto: {
            /**
             * @description The pool's sqrt price, X96 (an integer)
             * @example 1.5
             */
            amm_price_x96: string;
            id: number;
            /**
             * @description (amm_price_x96 / 2^96)^2, USD per perp
             * @example 1.5
             */
            mark_price: string | null;
            /**
             * @deprecated
             * @description Deprecated alias of perp_address (same value)
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        TradeDto: {
            /**
             * @description USDC paid (> 0) or received (< 0) in funding
             * @example 1.5
             */
            funding: string | null;
            id: number;
            /**
             * @description USDC paid to the liquidator; null for voluntary closes
             * @example 1.5
             */
            liq_fee: string | null;
            /**
             * @description The mark the close was judged at, USD per perp
             * @example 1.5
             */
            mark_price: string | null;
            /**
             * @deprecated
             * @description Deprecated alias of perp_address (same value)
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string | null;
            /** @example 0x00000000000000000000000000000000000000aa */
            perp_address: string;
            /**
             * @description Perps, the trade's own flow (closing a long is negative)
             * @example 1.5
             */
            perp_delta: string;
            /** @description On-chain position id */
            pos_id: number;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
            /**
             * @description USDC, the trade's own flow
             * @example 1.5
             */
            usd_delta: string;
            /**
             * @description USDC of trading fees
             * @example 1.5
             */
            util_fees: string | null;
            was_liquidated: boolean;
        };
        V1LiquidationCandidateDto: {
            /**
             * @description Integer string in base units: |perp_delta| atoms (takers), liquidity (makers)
             * @example 2000000
             */
            amount: string;
            /**
             * @description Unix time of the mark snapshot used
             * @example 1767225540
             */
            as_of: number | null;
            /** @example 42 */
            id: number;
            /** @example false */
            is_maker: boolean;
            /**
             * @description Maintenance margin ratio, fraction
             * @example 0.05
             */
            liq_margin_ratio: string | null;
            /**
             * @description The contract's ratio from indexed state: floor(equity * 1e6 / (value + 1)) / 1e6, 0 when equity <= 0; null if uncomputable
             * @example 0.052
             */
            margin_ratio: string | null;
            /**
             * @default full
             * @example full
             */
            mode: string;
            /** @example 0x5fbdb2315678afecb367f032d93f642f64180aa3 */
            perp: string | null;
        };
        V1LiveMarketDto: {
            /** @example 1.5 */
            funding_rate_daily: string | null;
            /** @example 1.5 */
            index_price: string | null;
            /** @example 1.5 */
            mark_price: string;
            /**
             * @description Perp id
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        V1MarketDetailDto: {
            latest_snapshot: components["schemas"]["V1SnapshotDto"] | null;
            market: components["schemas"]["V1MarketDto"];
        };
        V1MarketDto: {
            /**
             * @description Beacon address, hex
             * @example 0x00000000000000000000000000000000000000aa
             */
            beacon: string;
            card_label: string | null;
            data_source: string | null;
            description: string | null;
            /**
             * @description Perp id (the perp contract address, hex)
             * @example 0x00000000000000000000000000000000000000aa
             */
            id: string;
            name: string | null;
            photo_url: string | null;
            ticker: string | null;
        };
        V1OiPointDto: {
            /**
             * @description Perp id
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp_id: string;
            /** @example 1.5 */
            taker_long_oi: string;
            /** @example 1.5 */
            taker_short_oi: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        V1PositionDto: {
            /** @example null */
            close_timestamp: number | null;
            /** @example 0x5fbdb2315678afecb367f032d93f642f64180aa3 */
            holder: string | null;
            /** @example 42 */
            id: number;
            /** @example false */
            is_closed: boolean;
            /** @example true */
            is_long: boolean | null;
            /** @example false */
            is_maker: boolean;
            /**
             * @description Unix seconds
             * @example 1767139200
             */
            open_timestamp: number;
            /**
             * @description Perp contract address
             * @example 0x5fbdb2315678afecb367f032d93f642f64180aa3
             */
            perp: string;
            /** @example null */
            was_liquidated: boolean | null;
        };
        V1SnapshotDto: {
            /**
             * @description The pool's sqrt price, X96 (an integer)
             * @example 1.5
             */
            amm_price_x96: string;
            id: number;
            /**
             * @description (amm_price_x96 / 2^96)^2
             * @example 1.5
             */
            mark_price: string | null;
            /**
             * @description Perp id
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        V1StatsDto: {
            /**
             * @description Perp id
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp_id: string;
            /** @example 1.5 */
            price_24h_change: string;
            /** @example 1.5 */
            price_24h_change_percent: string;
            /** @example 1.5 */
            price_24h_high: string;
            /** @example 1.5 */
            price_24h_low: string;
        };
        V1TradeDto: {
            /** @example 1.5 */
            funding: string | null;
            id: number;
            /** @example 1.5 */
            liq_fee: string | null;
            /** @example 1.5 */
            mark_price: string | null;
            /**
             * @description Perp id
             * @example 0x00000000000000000000000000000000000000aa
             */
            perp: string;
            /** @example 1.5 */
            perp_delta: string;
            pos_id: number;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
            /** @example 1.5 */
            usd_delta: string;
            /** @example 1.5 */
            util_fees: string | null;
            was_liquidated: boolean;
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
    getServiceInfo: {
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
                    "application/json": components["schemas"]["ServiceInfoDto"];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    adminListKeys: {
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
                    "application/json": components["schemas"]["AdminKeyInfoDto"][];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Admin API key required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Rate limit exceeded (admin keys), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    adminCreateKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBotKeyBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyResponseDto"];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Admin API key required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Body over 4 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid body (name missing, not a string, or over 100 characters; rate_limit not a positive integer) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (admin keys), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    adminRevokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from the listing */
                key_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (now or before) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Admin API key required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description API key not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request body too large (4 KiB on the key routes; the limit of the route otherwise) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description key_id is not an integer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (admin keys), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listDeveloperKeys: {
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
                    "application/json": components["schemas"]["KeyInfoDto"][];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Not authenticated: missing, invalid or expired bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    createDeveloperKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDeveloperKeyBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewKeyResponseDto"];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Not authenticated: missing, invalid or expired bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description API key limit reached: the developer already holds DEVELOPER_KEY_LIMIT (default 25) active keys */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Body over 4 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description No body, or a name that is not a string or is over 100 characters */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    revokeDeveloperKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id from the creation response or the listing */
                key_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (now or before); the key is refused from now on */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Not authenticated: missing, invalid or expired bearer token */
            401: {
                headers: {
                    /** @description Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description API key not found (unknown id, or a key of another developer) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request body too large (4 KiB on the key routes; the limit of the route otherwise) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description key_id is not an integer */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getHealth: {
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
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getIndexStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
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
                    "application/json": components["schemas"]["IndexStatusDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listMarkets: {
        parameters: {
            query?: {
                /** @description true: any open interest or liquidity; false: none */
                active?: boolean;
                /** @description Only markets of this beacon (any case) */
                beacon?: string;
                /** @description true: liquidity > 0; false: liquidity = 0 */
                has_liquidity?: boolean;
                /** @description Page size */
                limit?: number;
                /** @description Maximum long + short open interest, in perps (a number >= 0 or a decimal string) */
                max_open_interest?: string;
                /** @description Minimum long + short open interest, in perps (a number >= 0 or a decimal string) */
                min_open_interest?: string;
                /** @description Number of items to skip */
                offset?: number;
                order?: "asc" | "desc";
                /** @description Case-insensitive substring of name, symbol or ticker (% and _ are literal) */
                q?: string;
                /** @description Sort key; nulls last, ties by perp_address ascending */
                sort?: "open_interest" | "funding" | "liquidity" | "created";
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["MarketDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getMarket: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketDetailDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, max-age=1 */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listMarketCandles: {
        parameters: {
            query: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Candle width */
                resolution: "1m" | "5m" | "15m" | "1h" | "4h" | "1d";
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["CandleDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listMarketFunding: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["FundingPointDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getLiveMarket: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveMarketDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, max-age=1 */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found, or No live data for market (no snapshot yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listMarketOpenInterest: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["OpenInterestPointDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listMarketSnapshots: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["SnapshotDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getMarketStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketStatsDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, max-age=1 */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found, or No live data for market (no snapshot yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listMarketTrades: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp contract address, any case (422 when malformed) */
                perp_address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["TradeDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getMarketHistory: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description A market's ticker */
                ticker: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["HistoryPointDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Ticker not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Source store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listPositions: {
        parameters: {
            query?: {
                /** @description Wallet address (any case) */
                holder?: string;
                /** @description true: longs; false: shorts (makers have no side and match neither) */
                is_long?: boolean;
                /** @description true: makers only; false: takers only */
                is_maker?: boolean;
                /** @description true: open positions only; false: closed only */
                is_open?: boolean;
                /** @description Page size */
                limit?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                market_id?: string;
                /** @description Number of items to skip */
                offset?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                perp?: string;
                /** @description Perp contract address (canonical) */
                perp_address?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                perp_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["PositionDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid query: limit outside 1-500, negative offset, malformed address or boolean */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getPosition: {
        parameters: {
            query?: {
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                market_id?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                perp?: string;
                /** @description Perp contract address (canonical). Optional when only one market holds the id; else 422 */
                perp_address?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                perp_id?: string;
            };
            header?: never;
            path: {
                /** @description On-chain position id, local to its market */
                position_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PositionDto"];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Position not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description position_id is not an integer, a malformed address, or an id several markets hold without perp_address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getLiquidatablePositions: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                market_id?: string;
                /** @description Number of items to skip */
                offset?: number;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                perp?: string;
                /** @description Perp contract address (canonical) */
                perp_address?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of perp_address (perp_address wins, then market_id, perp, perp_id)
                 */
                perp_id?: string;
                /** @description most_underwater: distance_to_liquidation ascending; largest_reward: estimated_reward descending. Both: nulls and uncomputable ratios last, ties by (id, perp_address) */
                sort?: "most_underwater" | "largest_reward";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["LiquidationCandidateDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid query: limit outside 1-500, negative offset, unknown sort, malformed address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getReadiness: {
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
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
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
    streamEvents: {
        parameters: {
            query?: {
                /** @description Comma-separated channels: candidates, marks, trades, index (default all) */
                channels?: string;
                /** @description Only this market's marks, trades and candidates (index events concern every market); 404 for an unknown market */
                perp_address?: string;
            };
            header?: {
                /** @description The id of the last event received: the events after it are sent first, when still kept */
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream (never ends by itself) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid query: an unknown channel, or a malformed address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), too many open streams for this key, or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listFills: {
        parameters: {
            query: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Wallet address (any case): the holder of the positions whose closes are listed */
                holder: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Perp contract address: only that market (an unknown one gives an empty page, as on /positions) */
                perp_address?: string;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["FillDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid query: holder missing or malformed, malformed perp_address or time, limit outside 1-500, negative offset */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1CreateAdminKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAdminKeyBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyResponseDto"];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Admin API key required */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Body over 4 KiB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Unsupported media type: a body that is not application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid body (name missing, not a string, or over 100 characters) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (admin keys), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1ListMarkets: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["V1MarketDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1GetMarket: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp id (the perp contract address, hex, any case; 422 when malformed) */
                market_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1MarketDetailDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, max-age=1 */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1GetLiveMarket: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp id (the perp contract address, hex, any case; 422 when malformed) */
                market_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1LiveMarketDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, max-age=1 */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found, or No live data for market (no snapshot yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1ListMarketOpenInterest: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp id (the perp contract address, hex, any case; 422 when malformed) */
                market_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["V1OiPointDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1ListMarketSnapshots: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp id (the perp contract address, hex, any case; 422 when malformed) */
                market_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["V1SnapshotDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1GetMarketStats: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp id (the perp contract address, hex, any case; 422 when malformed) */
                market_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1StatsDto"];
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, max-age=1 */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found, or No live data for market (no snapshot yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1ListMarketTrades: {
        parameters: {
            query?: {
                /** @description Inclusive upper bound (ISO 8601; no offset means UTC) */
                end_time?: string;
                /** @description Page size */
                limit?: number;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Inclusive lower bound (ISO 8601; no offset means UTC) */
                start_time?: string;
            };
            header?: {
                /** @description An ETag of an earlier response: 304 without a body when unchanged */
                "If-None-Match"?: string;
            };
            path: {
                /** @description Perp id (the perp contract address, hex, any case; 422 when malformed) */
                market_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["V1TradeDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match matched the ETag). 200 responses carry ETag and Cache-Control: private, no-cache */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Market not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Validation error (path or query) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1ListPositions: {
        parameters: {
            query?: {
                /** @description true: longs; false: shorts (makers match neither) */
                is_long?: boolean;
                /** @description true: makers only; false: takers only */
                is_maker?: boolean;
                /** @description true: open positions only; false: closed only */
                is_open?: boolean;
                /** @description Page size */
                limit?: number;
                /** @description Perp contract address (perp id) */
                market_id?: string;
                /** @description Number of items to skip */
                offset?: number;
                /** @description Wallet address (any case) */
                wallet?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["V1PositionDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid query: limit outside 1-500, negative offset, malformed address or boolean */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1GetPosition: {
        parameters: {
            query?: {
                /** @description Perp contract address. Optional when only one market holds the id; else 422 */
                perp_address?: string;
            };
            header?: never;
            path: {
                /** @description On-chain position id, local to its market */
                position_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["V1PositionDto"];
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Position not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description A path parameter over 256 characters */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description position_id is not an integer, a malformed address, or an id several markets hold without perp_address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    v1GetLiquidatablePositions: {
        parameters: {
            query?: {
                /** @description Page size */
                limit?: number;
                /** @description Perp contract address (perp id) */
                market_id?: string;
                /** @description Number of items to skip */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description offset + items.length < total */
                        has_more: boolean;
                        items: components["schemas"]["V1LiquidationCandidateDto"][];
                        limit: number;
                        offset: number;
                        total: number;
                    };
                };
            };
            /** @description Bad request: a URL with bad percent-encoding, or a body that is not valid JSON */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Missing API key, or an invalid or revoked one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Request timeout: the request did not arrive within HTTP_REQUEST_TIMEOUT_MS */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Invalid query: limit outside 1-500, negative offset, malformed address */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Rate limit exceeded (per key), or too many failed authentications from this address */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Internal server error (sanitised; X-Request-Id names the request in the logs) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Index store unavailable, or Key store unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
}
