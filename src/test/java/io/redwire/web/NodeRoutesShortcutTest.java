package io.redwire.web;

import io.redwire.testing.Harness;
import io.vertx.core.Vertx;
import io.vertx.ext.web.Router;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests whose first path segment no admin route claims go straight to the http in routes; the admin API still
 * wins over an http in node on its paths (as Node-RED's admin app, mounted first, does), and what no node serves is
 * Express's 404.
 */
class NodeRoutesShortcutTest {
    private static final String FLOW = """
            [{"id":"t","type":"tab","label":"t"},
             {"id":"a","type":"http in","z":"t","url":"/flows","method":"get","x":1,"y":1,"wires":[["set"]]},
             {"id":"b","type":"http in","z":"t","url":"/orders/:id","method":"post","x":1,"y":1,"wires":[["set"]]},
             {"id":"c","type":"http in","z":"t","url":"/Settings2","method":"get","x":1,"y":1,"wires":[["set"]]},
             {"id":"set","type":"change","z":"t","rules":[{"t":"set","p":"payload","pt":"msg","to":"from the flow",
              "tot":"str"}],"x":1,"y":1,"wires":[["out"]]},
             {"id":"out","type":"http response","z":"t","x":1,"y":1,"wires":[]}]
            """;

    @Test
    void adminRoutesStillWinAndNodeRoutesAreServed() throws Exception {
        try (Harness h = new Harness()) {
            h.deploy(FLOW);
            HttpResponse<String> flows = h.get("/flows");
            assertEquals(200, flows.statusCode());
            assertTrue(flows.body().contains("\"http in\""), "the admin API answers /flows: " + flows.body());
            assertEquals("from the flow", h.post("/orders/7", "application/json", "{\"n\":1}").body());
            assertEquals("from the flow", h.get("/settings2").body(), "Express matches paths without case");
            HttpResponse<String> missing = h.get("/nothing/here");
            assertEquals(404, missing.statusCode());
            assertTrue(missing.body().contains("Cannot GET /nothing/here"), missing.body());
            assertEquals(404, h.post("/orders/7/x", "application/json", "{}").statusCode());
        }
    }

    private static void none(io.vertx.ext.web.RoutingContext ctx) {
    }

    /** Routes join a router's list once they have a handler. */
    @Test
    void aRouteWhosePathCannotBeReadClaimsEveryPath() {
        Vertx vertx = Vertx.vertx();
        try {
            Router r = Router.router(vertx);
            r.get("/flows").handler(NodeRoutesShortcutTest::none);
            r.post("/inject/:id").handler(NodeRoutesShortcutTest::none);
            r.routeWithRegex("/context/(?<scope>global)(?:/(?<key>.+))?").handler(NodeRoutesShortcutTest::none);
            r.get("/").handler(NodeRoutesShortcutTest::none);
            ClaimedSegments named = ClaimedSegments.of(r.getRoutes());
            assertTrue(named.mayClaim("/flows"));
            assertTrue(named.mayClaim("/FLOWS/state"));
            assertTrue(named.mayClaim("/inject/abc"));
            assertTrue(named.mayClaim("/context/global/x"));
            assertTrue(named.mayClaim("/"));
            assertFalse(named.mayClaim("/http"));
            assertTrue(named.mayClaim("/flowsx"), "\"/flows\" may be \"/flows*\"");
            assertTrue(named.mayClaim("/inject/"));

            r.get("/red*").handler(NodeRoutesShortcutTest::none);
            assertTrue(ClaimedSegments.of(r.getRoutes()).mayClaim("/redwire"), "a prefix route claims what it begins");
            assertFalse(ClaimedSegments.of(r.getRoutes()).mayClaim("/http"));
            Router root = Router.router(vertx);
            root.route("/*").handler(NodeRoutesShortcutTest::none);
            assertTrue(ClaimedSegments.of(root.getRoutes()).mayClaim("/http"), "/* claims every path");
            Router regex = Router.router(vertx);
            regex.routeWithRegex(".*/x").handler(NodeRoutesShortcutTest::none);
            assertTrue(ClaimedSegments.of(regex.getRoutes()).mayClaim("/http"));
            Router pathless = Router.router(vertx);
            pathless.route().handler(NodeRoutesShortcutTest::none);
            assertTrue(ClaimedSegments.of(pathless.getRoutes()).mayClaim("/http"));
            Router param = Router.router(vertx);
            param.get("/:anything").handler(NodeRoutesShortcutTest::none);
            assertTrue(ClaimedSegments.of(param.getRoutes()).mayClaim("/http"));
        } finally {
            vertx.close();
        }
    }
}
