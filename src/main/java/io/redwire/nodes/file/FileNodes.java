package io.redwire.nodes.file;

import io.redwire.api.DeclaredFamily;

import java.util.List;

/** The storage family: file, file in and watch. */
public final class FileNodes extends DeclaredFamily {
    public FileNodes() {
        super("storage", List.of("file", "file in", "watch"),
                () -> List.of(FileNode.TYPE, FileInNode.TYPE, WatchNode.TYPE));
    }
}
