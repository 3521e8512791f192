package io.redwire.nodes.storage;

import io.redwire.spi.DeclaredFamily;

import java.util.List;

/** The storage family: file, file in and watch. */
public final class StorageNodes extends DeclaredFamily {
    public StorageNodes() {
        super("storage", List.of("file", "file in", "watch"),
                () -> List.of(FileNode.TYPE, FileInNode.TYPE, WatchNode.TYPE));
    }
}
