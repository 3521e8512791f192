package io.redwire.testing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Shared parts of the property-based fuzzers: inputs made by mutating valid seeds (cut, repeat, insert tokens,
 * nest brackets deeply), the rule every target must keep — return or throw its declared error, within a time limit,
 * never another exception, a stack overflow or a hang — and the kept corpus of inputs that once broke it.
 */
public final class Fuzz {
    private static final Duration LIMIT = Duration.ofSeconds(10);
    private static final Path CORPUS = Path.of("src/test/resources/fuzz-corpus");

    private Fuzz() {
    }

    /** A parser call that may throw. */
    @FunctionalInterface
    public interface Target {
        void run() throws Exception;
    }

    /**
     * Runs the target (in a thread of its own, so a hang fails instead of stalling the run); an exception of a
     * declared type is a clean refusal, anything else fails with the input named.
     */
    @SafeVarargs
    public static void mustRefuseCleanly(Object input, Target target, Class<? extends Throwable>... declared) {
        assertTimeoutPreemptively(LIMIT, () -> {
            try {
                target.run();
            } catch (Throwable t) {
                for (Class<? extends Throwable> ok : declared) {
                    if (ok.isInstance(t)) {
                        return;
                    }
                }
                throw new AssertionError("undeclared " + t + " for input " + shown(input), t);
            }
        }, () -> "no answer within " + LIMIT.toSeconds() + " s for input " + shown(input));
    }

    private static String shown(Object input) {
        String s = input instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(input);
        return s.length() > 400 ? s.substring(0, 400) + "... (" + s.length() + " chars)" : s;
    }

    /** Text made from one of the seeds by 1 to 4 edits, using the target's own tokens among random ones. */
    public static Arbitrary<String> mutations(List<String> seeds, List<String> tokens) {
        Arbitrary<String> token = Arbitraries.oneOf(Arbitraries.of(tokens),
                Arbitraries.strings().ofMinLength(1).ofMaxLength(8),
                Arbitraries.strings().withChars("{}[]()<>\"'\\;:,=.$#/*\n").ofMinLength(1).ofMaxLength(6));
        Arbitrary<Edit> edit = Combinators.combine(Arbitraries.integers().between(0, 5),
                Arbitraries.doubles().between(0, 1), Arbitraries.doubles().between(0, 1), token,
                Arbitraries.integers().between(1, 3000)).as(Edit::new);
        return Combinators.combine(Arbitraries.of(seeds), edit.list().ofMinSize(1).ofMaxSize(4))
                .as((seed, edits) -> {
                    String s = seed;
                    for (Edit e : edits) {
                        s = e.apply(s);
                    }
                    return s;
                });
    }

    /** One edit at relative positions a and b of the text. */
    private record Edit(int kind, double a, double b, String token, int count) {
        String apply(String s) {
            int i = (int) (a * s.length());
            int j = Math.min(s.length(), i + (int) (b * 40));
            return switch (kind) {
                case 0 -> s.substring(0, i) + s.substring(j); // cut
                case 1 -> s.substring(0, i) + token + s.substring(i); // insert
                case 2 -> s.substring(0, j) + s.substring(i, j) + s.substring(j); // repeat a piece
                case 3 -> s.substring(0, i) + token + s.substring(j); // replace
                case 4 -> s.substring(0, i); // truncate
                default -> s.substring(0, i) + nest(token, count) + s.substring(i); // deep nesting
            };
        }

        private static String nest(String token, int depth) {
            char open = "{[(<".charAt(Math.abs(token.hashCode()) % 4);
            return String.valueOf(open).repeat(depth);
        }
    }

    /** Bytes made from seeds by cutting, flipping and inserting random bytes (for binary decoders). */
    public static Arbitrary<byte[]> byteMutations(List<byte[]> seeds) {
        Arbitrary<int[]> edit = Arbitraries.integers().between(0, Integer.MAX_VALUE).array(int[].class).ofSize(3);
        return Combinators.combine(Arbitraries.of(seeds), edit.list().ofMinSize(1).ofMaxSize(6),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(64)).as((seed, edits, noise) -> {
                    byte[] b = seed.clone();
                    for (int[] e : edits) {
                        if (b.length == 0) {
                            return noise;
                        }
                        int at = e[0] % b.length;
                        switch (e[1] % 4) {
                            case 0 -> b[at] = (byte) e[2]; // overwrite
                            case 1 -> b[at] ^= (byte) (1 << (e[2] % 8)); // flip a bit
                            case 2 -> b = java.util.Arrays.copyOf(b, at); // truncate
                            default -> { // splice in noise
                                byte[] out = new byte[b.length + noise.length];
                                System.arraycopy(b, 0, out, 0, at);
                                System.arraycopy(noise, 0, out, at, noise.length);
                                System.arraycopy(b, at, out, at + noise.length, b.length - at);
                                b = out;
                            }
                        }
                    }
                    return b;
                });
    }

    /** The kept inputs of one target (files under src/test/resources/fuzz-corpus/{target}/), as text. */
    public static List<String> corpus(String target) {
        Path dir = CORPUS.resolve(target);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<String> out = new ArrayList<>();
            for (Path f : files.sorted().toList()) {
                out.add(Files.readString(f, StandardCharsets.UTF_8));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final java.util.Map<String, Harness> ENGINES = new java.util.concurrent.ConcurrentHashMap<>();

    /** An engine running these flows for a property's tries: started once per test JVM, closed when it exits. */
    public static Harness engine(String flows) {
        return ENGINES.computeIfAbsent(flows, f -> {
            Harness h = new Harness().deploy(f);
            Runtime.getRuntime().addShutdownHook(new Thread(h::close));
            return h;
        });
    }
}
