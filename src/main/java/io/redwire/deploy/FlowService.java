package io.redwire.deploy;

import io.redwire.api.Node;
import io.redwire.credentials.CredentialStore;
import io.redwire.flow.DeployMode;
import io.redwire.flow.FlowFileReader;
import io.redwire.msg.Json;
import io.redwire.runtime.Engine;

import io.vertx.core.Future;
import io.vertx.core.Promise;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/**
 * The deployed flows as the admin API sees them: their stored JSON, its revision, and deploys one at a time.
 * Unlike Node-RED (save, then start), a deploy is started first and only saved once it runs, so a refused deploy
 * changes nothing: the previous flows keep running and stay stored.
 */
public final class FlowService {
    /** Told around each deploy, on the flow loop (the comms hub clears stale node statuses with it). */
    public interface DeployListener {
        void deployStarting();

        /**
         * @param restarted whether running nodes were replaced (false when the new flows were refused unbuilt)
         * @param kept      ids of the nodes a partial deploy left running (their statuses still hold)
         */
        void deployFinished(boolean restarted, Set<String> kept);
    }

    private final Engine engine;
    private final FlowFile store;
    private final CredentialStore credentials;
    private final List<DeployListener> listeners = new CopyOnWriteArrayList<>();
    private volatile String flowsJson = "[]";
    private volatile String revision = revisionOf("[]");
    private String previousJson = "[]"; // what ran before the deploy being attempted; flow loop only
    private Future<?> tail = Future.succeededFuture(); // the last queued deploy; touched on the flow loop only
    private volatile DeployReplication replication = DeployReplication.ALONE;

    /**
     * @param store       where deploys are saved; null keeps them in memory only
     * @param credentials where the nodes' credentials are kept, apart from the flows
     */
    public FlowService(Engine engine, FlowFile store, CredentialStore credentials) {
        this.engine = engine;
        this.store = store;
        this.credentials = credentials;
    }

    public CredentialStore credentials() {
        return credentials;
    }

    /** Spreads every deploy from now on (cluster mode). */
    public void replicateWith(DeployReplication r) {
        this.replication = r;
    }

    public void addListener(DeployListener l) {
        listeners.add(l);
    }

    /** The deployed flows exactly as stored (compact JSON array). */
    public String flowsJson() {
        return flowsJson;
    }

    /** Node-RED's rev: SHA-256 hex of JSON.stringify(flows). */
    public String revision() {
        return revision;
    }

    /** The rev of a flows JSON text, as {@link #revision()} (the admin API tests compute their expected rev with it). */
    public static String revisionOf(String json) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }

    /**
     * Replaces the running flows, after the deploys queued before it.
     *
     * @param expectedRev the revision the client edited (v2 API); null forces the deploy
     * @param save        whether to write the flows to the store once they run
     * @return the new revision; fails with an {@link DeployException} (409 stale rev, 400 refused, 500 not saved)
     */
    public Future<String> deploy(List<Map<String, Object>> flows, String expectedRev, boolean save) {
        return deploy(flows, expectedRev, save, DeployMode.FULL);
    }

    /** As {@link #deploy(List, String, boolean)}, restarting only what {@code mode} asks. */
    public Future<String> deploy(List<Map<String, Object>> flows, String expectedRev, boolean save, DeployMode mode) {
        DeployReplication r = replication;
        return r.exclusive(() -> queue(() -> attempt(flows, expectedRev, save, mode)
                .compose(rev -> spread(r, rev, mode))));
    }

    /** Runs flows in this process only: at start-up, and when another member of a cluster spreads a deploy. */
    public Future<String> deployHere(List<Map<String, Object>> flows, boolean save) {
        return deployHere(flows, save, DeployMode.FULL);
    }

    /** As {@link #deployHere(List, boolean)}, restarting only what {@code mode} asks (a spread partial deploy). */
    public Future<String> deployHere(List<Map<String, Object>> flows, boolean save, DeployMode mode) {
        return queue(() -> attempt(flows, null, save, mode));
    }

    private Future<String> queue(Supplier<Future<String>> deploy) {
        Promise<String> result = Promise.promise();
        engine.execute(() -> {
            Future<String> run = tail.transform(x -> {
                previousJson = flowsJson;
                return deploy.get();
            });
            tail = run;
            run.onComplete(result);
        });
        return result.future();
    }

    /**
     * Once the new flows run here: start them on the other members, or go back to the previous flows. The members
     * get the credentials with the flows (each stores them in its own credentials file).
     */
    private Future<String> spread(DeployReplication r, String rev, DeployMode mode) {
        String previous = previousJson;
        String withCredentials = Json.stringify(CredentialStore.withCredentials(
                FlowFileReader.parse(flowsJson, "deployed flows"), credentials.current()));
        return r.spread(withCredentials, previous, mode).transform(spread -> {
            if (spread.succeeded()) {
                return Future.succeededFuture(rev);
            }
            String message = spread.cause().getMessage();
            engine.log().error("deploy refused by the cluster: " + message);
            return attempt(FlowFileReader.parse(previous, "previous flows"), null, true, mode).transform(back ->
                    Future.failedFuture(new DeployException(400, "deploy_failed", message,
                            Arrays.asList(message.split("\n")))));
        });
    }

    /**
     * The flows are served to the editor but nothing starts: in safe mode (--safe) until a deploy, otherwise until
     * the start-up deploy runs them.
     */
    public void loadStopped(List<Map<String, Object>> flows, boolean safeMode) {
        flowsJson = Json.stringify(credentials.prepare(flows).flows()); // a hand-written file may hold credentials
        revision = revisionOf(flowsJson);
        if (safeMode) {
            engine.enterSafeMode();
        }
    }

    /** Node-RED's "reload" deployment: the stored flows are read again and restarted. */
    public Future<String> reload() {
        if (store == null) {
            return deploy(FlowFileReader.parse(flowsJson, "deployed flows"), null, false);
        }
        return engine.vertx().executeBlocking(() -> store.load(engine.log()))
                .compose(flows -> deploy(flows, null, false));
    }

    private Future<String> attempt(List<Map<String, Object>> flows, String expectedRev, boolean save,
                                   DeployMode mode) {
        if (expectedRev != null && !expectedRev.equals(revision)) {
            return Future.failedFuture(new DeployException(409, "version_mismatch", "Error"));
        }
        // credentials leave the flow here: the stored and served flows never hold them
        CredentialStore.Prepared prepared = credentials.prepare(flows);
        String json;
        try {
            json = Json.stringify(prepared.flows());
        } catch (IllegalArgumentException e) {
            return Future.failedFuture(new DeployException(400, "invalid_request", e.getMessage()));
        }
        String previousJson = flowsJson;
        List<Node> before = List.copyOf(engine.runningNodes());
        listeners.forEach(DeployListener::deployStarting);
        return engine.deploy(CredentialStore.withCredentials(prepared.flows(), prepared.credentials()), mode)
                .transform(started -> {
            Set<String> kept = keptRunning(before);
            boolean restarted = kept.size() < before.size() || before.isEmpty() && !engine.runningNodes().isEmpty();
            listeners.forEach(l -> l.deployFinished(restarted, kept));
            if (started.failed()) {
                publishState();
                String message = String.valueOf(started.cause().getMessage());
                return Future.failedFuture(new DeployException(400, "deploy_failed", message,
                        Arrays.asList(message.split("\n"))).causedBy(started.cause()));
            }
            Future<Void> saved = save && store != null
                    ? engine.vertx().executeBlocking(() -> {
                        store.save(FlowFileReader.parse(json, "deployed flows"));
                        credentials.saveIfChanged(prepared);
                        return null;
                    })
                    : Future.succeededFuture();
            return saved.transform(s -> {
                if (s.failed()) {
                    return rollBack(previousJson, s.cause());
                }
                credentials.commit(prepared);
                return Future.succeededFuture(accepted(json));
            });
        });
    }

    /** The deploy runs and is stored: it becomes the served flows and revision. */
    private String accepted(String json) {
        flowsJson = json;
        revision = revisionOf(json);
        publishState();
        engine.events().publish("notification/runtime-deploy", Map.of("revision", revision));
        return revision;
    }

    /**
     * Never run what was not saved (a restart would silently go back): the flows that are stored are started
     * again, and the deploy is answered 500.
     */
    private Future<String> rollBack(String previousJson, Throwable saveFailure) {
        engine.log().error("could not save the flows to " + store.path() + ": " + saveFailure.getMessage()
                + "; the previous flows are running again");
        List<Map<String, Object>> previous = CredentialStore.withCredentials(
                FlowFileReader.parse(previousJson, "deployed flows"), credentials.current());
        return engine.deploy(previous).transform(restarted -> {
            publishState();
            String kept = restarted.succeeded() ? "the previous flows are running again"
                    : "the previous flows could not be restarted either: " + restarted.cause().getMessage();
            return Future.failedFuture(new DeployException(500, "storage_error",
                    "the flows could not be saved (" + saveFailure.getMessage() + "); " + kept));
        });
    }

    /** The ids of the nodes running before the deploy that still run, the same instance. */
    private Set<String> keptRunning(List<Node> before) {
        Set<String> kept = new HashSet<>();
        for (Node n : before) {
            if (engine.node(n.id()) == n) {
                kept.add(n.id());
            }
        }
        return kept;
    }

    private void publishState() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("state", engine.state());
        state.put("deploy", true);
        engine.events().publish("notification/runtime-state", state);
    }
}
