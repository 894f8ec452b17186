pragma circom 2.0.0;

// A beacon value proven from private measurements: the prover knows 4 measurements, each in
// [0, 2^64), and the public output is their mean as an X96 fixed-point number, exactly:
// mean * 2^96 = (m0 + m1 + m2 + m3) * 2^94 (no rounding; < 2^160, far below the field size,
// so the product never wraps). Public signals, in snarkjs order (outputs, then public inputs):
// [value, beacon, nonce].

include "circomlib/circuits/bitify.circom";

template BeaconMean(count, bits, shift) {
    signal input measurements[count];
    // The beacon's address: the proof is for one beacon only (the on-chain adapter compares it
    // with its caller), so a proof sent to one beacon cannot update another.
    signal input beacon;
    // Chosen by the prover: the beacon burns each statement once, and the nonce lets the same
    // value be proven (and applied) again later.
    signal input nonce;
    signal output value;

    component range[count];
    var sum = 0;
    for (var i = 0; i < count; i++) {
        // Num2Bits constrains the input to be the sum of `bits` binary digits: 0 <= m < 2^bits.
        range[i] = Num2Bits(bits);
        range[i].in <== measurements[i];
        sum += measurements[i];
    }
    value <== sum * (1 << shift);

    // beacon and nonce take part in no other constraint. Squaring them keeps each one in the
    // constraint system whatever an optimiser does, so a proof cannot be replayed with other values.
    signal beaconSquared;
    signal nonceSquared;
    beaconSquared <== beacon * beacon;
    nonceSquared <== nonce * nonce;
}

component main {public [beacon, nonce]} = BeaconMean(4, 64, 94);
