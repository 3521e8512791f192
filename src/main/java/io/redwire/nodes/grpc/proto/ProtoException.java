package io.redwire.nodes.grpc.proto;

import java.util.List;

/** A .proto that cannot be compiled. Every problem reads "file:line:col: what is wrong". */
public final class ProtoException extends RuntimeException {
    private final List<String> problems;

    public ProtoException(List<String> problems) {
        super(String.join("\n", problems), null, false, false);
        this.problems = List.copyOf(problems);
    }

    public ProtoException(String problem) {
        this(List.of(problem));
    }

    public List<String> problems() {
        return problems;
    }
}
