package io.redwire.nodes.file;

import io.redwire.api.Field;
import io.redwire.api.Node;
import io.redwire.api.NodeConfig;
import io.redwire.api.NodeType.Label;
import io.redwire.api.NodeType;
import io.redwire.msg.Json;
import io.redwire.msg.NodeError;

import io.vertx.core.Context;
import io.vertx.core.Future;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * watch: Node-RED 5.0.7's file watcher. {@code files} is a comma-separated list of files and directories; each
 * change sends {payload: path, topic: the files (one path, else the list as JSON), file: base name, filename: path,
 * event: "update" / "remove", type: "file" (with size) / "directory" / … / "none"}. A path that does not exist is
 * a node error "Error: &lt;path&gt; does not exist." with msg {payload: ""}. Watching runs on {@link PathWatcher}'s
 * thread; messages are sent on the flow loop.
 */
public final class WatchNode extends Node {
    static final Field NAME = Field.str("name", "");
    static final Field FILES = Field.str("files", "").asRequired();
    static final Field RECURSIVE = Field.bool("recursive", false);

    public static final NodeType TYPE = NodeType.builder("watch", "storage").color("BurlyWood").ports(0, 1)
            .label(Label.firstOf("name", "files").or("watch"))
            .help("Watches files and directories (a comma-separated list) and sends a message on every change, with the path, the event and the entry's type.")
            .fields(NAME, FILES, RECURSIVE)
            .factory(WatchNode::new);

    private final List<String> files;
    private final boolean recursive;
    private final String topic;
    private PathWatcher watcher;

    WatchNode(NodeConfig c) {
        super(c);
        this.files = Arrays.stream(c.str(FILES).split(",", -1)).map(String::strip).toList();
        this.recursive = c.bool(RECURSIVE);
        this.topic = files.size() == 1 ? files.get(0) : Json.stringify(files);
    }

    @Override
    public Future<Void> start() {
        Context loop = engine().loop();
        return loop.<PathWatcher>executeBlocking(() -> new PathWatcher(files, recursive,
                        missing -> loop.runOnContext(v -> missing(missing)),
                        changes -> loop.runOnContext(v -> changes.forEach(this::changed))), false)
                .onSuccess(w -> watcher = w)
                .recover(e -> {
                    error(new NodeError("Error: " + e.getMessage()), new LinkedHashMap<>(Map.of("payload", "")));
                    return Future.succeededFuture();
                })
                .mapEmpty();
    }

    private void missing(String path) {
        error(new NodeError("Error: " + path + " does not exist."), new LinkedHashMap<>(Map.of("payload", "")));
    }

    private void changed(PathWatcher.Change c) {
        Map<String, Object> msg = new LinkedHashMap<>();
        msg.put("payload", c.path());
        msg.put("topic", topic);
        msg.put("file", c.file());
        msg.put("filename", c.path());
        msg.put("event", c.event());
        if (c.size() != null) {
            msg.put("size", c.size());
        }
        msg.put("type", c.type());
        send(msg);
    }

    @Override
    public Future<Void> close() {
        if (watcher != null) {
            watcher.close();
            watcher = null;
        }
        return Future.succeededFuture();
    }
}
