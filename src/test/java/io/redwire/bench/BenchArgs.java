package io.redwire.bench;

/** Positional command-line arguments of the benchmark clients, each with a default. */
public record BenchArgs(String[] args) {
    public String text(int index, String otherwise) {
        return args.length > index ? args[index] : otherwise;
    }

    public int number(int index, int otherwise) {
        return args.length > index ? Integer.parseInt(args[index]) : otherwise;
    }
}
