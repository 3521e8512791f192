package io.redwire.nodes.thrift.codec;

import com.microsoft.thrifty.schema.Location;

/** A problem found while turning a parsed IDL into a model; the compiler turns the location into "file:line". */
final class IdlProblem extends RuntimeException {
    private final transient Location location;

    IdlProblem(Location location, String message) {
        super(message, null, false, false);
        this.location = location;
    }

    Location location() {
        return location;
    }
}
