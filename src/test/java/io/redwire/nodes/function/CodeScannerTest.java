package io.redwire.nodes.function;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodeScannerTest {
    @Test
    void aRealNodeDoneCallLeavesCompletionToTheCode() {
        assertTrue(CodeScanner.callsDone("setTimeout(() => { node.send(msg); node.done(); }, 10);"));
        assertTrue(CodeScanner.callsDone("if (x) { node.done(); } else { node.done(err); }"));
        assertTrue(CodeScanner.callsDone("node.done ( )"));
    }

    @Test
    void mentionsInCommentsOrStringsDoNotCount() {
        assertFalse(CodeScanner.callsDone("// call node.done() when finished\nreturn msg;"));
        assertFalse(CodeScanner.callsDone("/* node.done() */ return msg;"));
        assertFalse(CodeScanner.callsDone("msg.payload = 'node.done()'; return msg;"));
        assertFalse(CodeScanner.callsDone("msg.payload = `use node.done()`; return msg;"));
        assertFalse(CodeScanner.callsDone("mynode.done(); return msg;"));
    }

    @Test
    void onlyDoneWithAnErrorDoesNotCountAsInNodeRed() {
        // Node-RED first looks for the text "node.done()" (empty parentheses)
        assertFalse(CodeScanner.callsDone("try { x(); } catch (e) { node.done(e); }"));
        assertFalse(CodeScanner.callsDone("node . done()"));
    }

    @Test
    void awaitDecidesTheAsyncWrapper() {
        assertTrue(CodeScanner.mayAwait("const r = await fetchIt();"));
        assertTrue(CodeScanner.mayAwait("for await (const x of xs) {}"));
        assertFalse(CodeScanner.mayAwait("msg.awaited = true; return msg;"));
        assertFalse(CodeScanner.mayAwait("return msg;"));
    }
}
