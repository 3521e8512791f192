package io.redwire.admin;

import io.redwire.credentials.CredentialStore;
import io.redwire.deploy.FlowFile;
import io.redwire.deploy.FlowService;
import io.redwire.runtime.Engine;

import io.vertx.ext.web.Router;

import java.nio.file.Path;

/**
 * Everything the editor talks to, assembled: flow storage and deploys, the admin API, the /comms websocket, login
 * and the editor's files.
 */
public final class Admin {
    private final FlowService flows;
    private final CommsHub comms;
    private final AdminApi api;
    private final ContextApi context;
    private final IdlApi idl;
    private final JsonataTestApi jsonata;
    private final LibraryApi library;
    private final AdminAuth auth;

    /**
     * @param store       where deploys are saved (null: in memory only)
     * @param credentials where node credentials are kept
     * @param userDir     where the library ({@code lib/}) is kept; null: none
     * @throws IllegalArgumentException when the settings' adminAuth is malformed
     */
    public Admin(Engine engine, FlowFile store, CredentialStore credentials, Path userDir) {
        this.auth = AdminAuth.from(engine.settings());
        this.flows = new FlowService(engine, store, credentials);
        this.comms = new CommsHub(engine, auth);
        this.flows.addListener(comms);
        this.api = new AdminApi(engine, flows, auth);
        this.context = new ContextApi(engine);
        this.idl = new IdlApi(engine);
        this.jsonata = new JsonataTestApi(engine.vertx());
        this.library = new LibraryApi(engine, userDir);
    }

    /** Adds the admin routes, /comms and the editor; mount before the http-in routes. */
    public void mount(Router router) {
        router.get("/comms").handler(CrossSiteGuard::sameOrigin).handler(comms::handle); // a websocket has no CORS
        api.mount(router);
        context.mount(router, auth);
        idl.mount(router, auth);
        jsonata.mount(router, auth);
        library.mount(router, auth);
        EditorFiles.mount(router);
    }

    public FlowService flows() {
        return flows;
    }
}
