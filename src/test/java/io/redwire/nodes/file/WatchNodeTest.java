package io.redwire.nodes.file;

import io.redwire.msg.Json;
import io.redwire.testing.FlowKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The watch node on real file changes in a temporary directory (Node-RED 5.0.7's msg shape and events). */
class WatchNodeTest {
    @TempDir
    Path dir;

    private static String flow(String files, boolean recursive) {
        return "[{\"id\":\"w\",\"type\":\"watch\",\"name\":\"\",\"files\":" + Json.stringify(files) + ",\"recursive\":"
                + (recursive ? "true" : "\"\"") + ",\"wires\":[[\"out\"]]},"
                + "{\"id\":\"out\",\"type\":\"debug\",\"active\":true,\"complete\":\"true\"},"
                + "{\"id\":\"c\",\"type\":\"catch\",\"scope\":null,\"uncaught\":false,\"wires\":[[\"caught\"]]},"
                + "{\"id\":\"caught\",\"type\":\"debug\",\"active\":true,\"complete\":\"true\"}]";
    }

    private static FlowKit.Event change(FlowKit kit, Path p, String event) throws InterruptedException {
        return kit.await("out", e -> e.msg() != null && p.toString().equals(e.payload())
                && event.equals(e.msg().get("event")), 10);
    }

    @Test
    void aDirectorysFilesAreReportedWithNodeRedsShape() throws Exception {
        try (FlowKit kit = new FlowKit(Map.of(), flow(dir.toString(), false))) {
            Path a = dir.resolve("a.txt");
            Files.writeString(a, "hello");
            Map<String, Object> msg = change(kit, a, "update").msg();
            assertEquals(a.toString(), msg.get("filename"));
            assertEquals(dir.toString(), msg.get("topic"), "one path: the topic is that path");
            assertEquals("a.txt", msg.get("file"));
            assertEquals("file", msg.get("type"));
            assertEquals(5, ((Number) msg.get("size")).intValue());
            assertEquals(List.of("_msgid", "payload", "topic", "file", "filename", "event", "size", "type"),
                    List.copyOf(msg.keySet()).stream().sorted((x, y) -> x.equals("_msgid") ? -1 : y.equals("_msgid")
                            ? 1 : 0).toList());

            Files.delete(a);
            Map<String, Object> removed = change(kit, a, "remove").msg();
            assertEquals("none", removed.get("type"));
            assertFalse(removed.containsKey("size"));

            Path sub = Files.createDirectory(dir.resolve("sub"));
            assertEquals("directory", change(kit, sub, "update").msg().get("type"));
            Path deep = sub.resolve("deep.txt");
            Files.writeString(deep, "x");
            assertNull(kit.poll("out", e -> e.msg() != null && deep.toString().equals(e.payload()), 1.0),
                    "not recursive: a file in a subdirectory is not watched");
        }
    }

    @Test
    void recursiveWatchesSubdirectoriesIncludingNewOnes() throws Exception {
        Path old = Files.createDirectories(dir.resolve("x/y"));
        try (FlowKit kit = new FlowKit(Map.of(), flow(dir.toString(), true))) {
            Path inOld = old.resolve("in-old.txt");
            Files.writeString(inOld, "1");
            assertEquals("file", change(kit, inOld, "update").msg().get("type"));

            Path fresh = Files.createDirectory(dir.resolve("fresh"));
            change(kit, fresh, "update");
            Thread.sleep(300); // the new directory is watched from its create event on
            Path inFresh = fresh.resolve("n.json");
            Files.writeString(inFresh, "{}");
            assertEquals("n.json", change(kit, inFresh, "update").msg().get("file"));
        }
    }

    @Test
    void severalPathsAndSingleFiles() throws Exception {
        Path watched = Files.writeString(dir.resolve("watched.txt"), "v1");
        Path sibling = Files.writeString(dir.resolve("sibling.txt"), "v1");
        Path other = Files.createDirectory(dir.resolve("other"));
        String files = watched + ", " + other;
        try (FlowKit kit = new FlowKit(Map.of(), flow(files, false))) {
            Files.writeString(sibling, "v2");
            Files.writeString(watched, "v22");
            Map<String, Object> msg = change(kit, watched, "update").msg();
            assertEquals(Json.stringify(List.of(watched.toString(), other.toString())), msg.get("topic"),
                    "several paths: the topic is their list as JSON");
            assertEquals(3, ((Number) msg.get("size")).intValue());
            Path inOther = other.resolve("o.txt");
            Files.writeString(inOther, "o");
            change(kit, inOther, "update");
            assertNull(kit.poll("out", e -> e.msg() != null && sibling.toString().equals(e.payload()), 0.5),
                    "a file next to a watched file is not reported");
        }
    }

    @Test
    void aMissingPathIsANodeErrorAndTheOthersAreStillWatched() throws Exception {
        Path missing = dir.resolve("nope");
        try (FlowKit kit = new FlowKit(Map.of(), flow(missing + "," + dir, false))) {
            FlowKit.Event e = kit.await("caught", x -> x.msg() != null, 10);
            assertEquals("", e.payload());
            assertEquals("Error: " + missing + " does not exist.",
                    ((Map<?, ?>) e.msg().get("error")).get("message"));
            Path a = Files.writeString(dir.resolve("still.txt"), "ok");
            change(kit, a, "update");
        }
    }
}
