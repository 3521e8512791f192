package io.redwire.reliab;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * scripts/bench-dashboard.sh's client: deploys a chart fed {@code rate} points a second (an inject every 10 ms and a
 * function sending the points due since it started, so a late tick catches up), opens {@code pages} dashboard pages
 * (one a headless Chromium tab drawing the chart when the machine has Chromium and {@code browser} is not 0; the
 * others WebSocket clients that parse every frame: ten browsers would measure the browsers on this machine), and for
 * {@code seconds} samples the engine (process {@code pid}): the points each page got against those the chart was sent
 * (redwire_node_messages_received_total of ui-chart in /metrics), the CPU time of its busiest Vert.x event-loop
 * thread (the flow loop) against the wall time, its RSS every 5 s (and the slope from the first third to the last),
 * and its live heap after a full GC at the start and the end with the classes that grew most. The points are counted
 * while nothing is being sent (POST /bench/sending pauses the function; the frames in flight arrive meanwhile): read
 * while points flow, a page read after the counter (a busy tab answers a script seconds late) would seem to trail.
 * Arguments: port pid [seconds=60] [pages=10] [rate=1000] [browser=1].
 */
public final class DashboardBench {
    private static final String CHART = "[data-widget-id='chart']";
    private static final String FLOW = """
            [{"id":"t1","type":"tab"},
             {"id":"bb","type":"ui-base","name":"Bench","path":"/dashboard"},
             {"id":"bp","type":"ui-page","name":"Load","ui":"bb","path":"/load","layout":"grid"},
             {"id":"bg","type":"ui-group","name":"G","page":"bp","width":"12"},
             {"id":"tick","type":"inject","z":"t1","repeat":"0.01","once":true,"onceDelay":1,
              "props":[{"p":"payload"}],"payload":"","payloadType":"date","wires":[["burst"]]},
             {"id":"burst","type":"function","z":"t1","outputs":1,
              "func":"if (!global.get('sending')) { context.set('t0', 0); return null; }\\nlet n = context.get('n') || 0;\\nif (!context.get('t0')) { context.set('t0', Date.now()); context.set('n0', n); }\\nconst due = context.get('n0') + Math.floor((Date.now() - context.get('t0')) * %d / 1000);\\nfor (; n < due; n++) { node.send({topic: 's' + (n %% 4), payload: Math.random() * 100}); }\\ncontext.set('n', n);\\nreturn null;",
              "wires":[["chart"]]},
             {"id":"ctl","type":"http in","z":"t1","url":"/bench/sending","method":"post","wires":[["set"]]},
             {"id":"set","type":"change","z":"t1","rules":[{"t":"set","p":"sending","pt":"global","to":"payload.on",
              "tot":"msg"}],"wires":[["ok"]]},
             {"id":"ok","type":"http response","z":"t1","wires":[]},
             {"id":"chart","type":"ui-chart","z":"t1","group":"bg","label":"load","chartType":"line",
              "category":"topic","categoryType":"msg","xAxisType":"time","removeOlderPoints":"1000","wires":[[]]}]
            """;

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        long pid = Long.parseLong(args[1]);
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        int pageCount = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        int rate = args.length > 4 ? Integer.parseInt(args[4]) : 1000;
        boolean browser = args.length <= 5 || !"0".equals(args[5]);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20)).build();
        HttpResponse<String> deployed = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/flows")).header("content-type", "application/json").header("Node-RED-Deployment-Type", "full")
                .POST(HttpRequest.BodyPublishers.ofString(FLOW.formatted(rate))).build(),
                HttpResponse.BodyHandlers.ofString());
        if (deployed.statusCode() / 100 != 2) {
            throw new IllegalStateException("deploy failed: " + deployed.statusCode() + " " + deployed.body());
        }
        // one of the pages a Chromium tab drawing the chart, when the machine has Chromium and browser is not 0
        DashboardBrowserPage tab = browser && DashboardBrowserPage.available() && pageCount > 0
                ? DashboardBrowserPage.open("http://127.0.0.1:" + port + "/dashboard/load", CHART) : null;
        List<DashboardPageClient> pages = new ArrayList<>();
        for (int i = tab == null ? 0 : 1; i < pageCount; i++) {
            pages.add(new DashboardPageClient(port, "/dashboard/_ws"));
        }
        sending(http, port, true);
        Thread.sleep(5000); // warm-up: the function compiled, the pages connected
        sending(http, port, false);
        Histogram before = Histogram.of(pid);
        long sent0 = chartReceived(http, port);
        long[] got0 = pages.stream().mapToLong(DashboardPageClient::points).toArray();
        long tab0 = tab == null ? 0 : tab.points();
        sending(http, port, true);
        double cpu0 = flowLoopCpuSeconds(pid);
        long t0 = System.nanoTime();
        List<Long> rss = new ArrayList<>();
        for (int s = 0; s < seconds; s += 5) {
            rss.add(rssMb(pid));
            Thread.sleep(5000);
        }
        rss.add(rssMb(pid));
        double wall = (System.nanoTime() - t0) / 1e9;
        double busy = (flowLoopCpuSeconds(pid) - cpu0) / wall;
        double tabLag = tab == null ? 0 : tab.newestPointAge(CHART); // while the points still flow
        sending(http, port, false);
        List<Long> got = new ArrayList<>();
        if (tab != null) {
            got.add(tab.points() - tab0);
        }
        for (int i = 0; i < pages.size(); i++) {
            got.add(pages.get(i).points() - got0[i]);
        }
        long sent = chartReceived(http, port) - sent0;
        Histogram after = Histogram.of(pid);
        pages.forEach(DashboardPageClient::close);
        long least = got.stream().mapToLong(Long::longValue).min().orElse(0);
        int third = Math.max(1, rss.size() / 3);
        double early = rss.subList(0, third).stream().mapToLong(Long::longValue).average().orElse(0);
        double late = rss.subList(rss.size() - third, rss.size()).stream().mapToLong(Long::longValue).average().orElse(0);
        System.out.printf("points sent to the chart: %d in %.1f s (%.0f a second; asked %d)%n", sent, wall, sent / wall,
                rate);
        System.out.println("points received per page (" + (tab == null ? "" : "a Chromium tab drawing the chart, then ")
                + pages.size() + " WebSocket clients): " + got);
        if (tab != null) {
            System.out.printf("the Chromium tab's chart: newest point %.1f s old at the end, points held per series %s%n",
                    tabLag, tab.held(CHART));
        }
        System.out.printf("every page kept up: %s (least %d of %d, %.1f %%)%n", least >= sent * 0.99, least, sent,
                100.0 * least / Math.max(1, sent));
        System.out.printf("flow loop busy: %.1f %% (CPU time of the busiest event-loop thread / wall time)%n", busy * 100);
        System.out.println("RSS MB every 5 s: " + rss);
        double minutes = (rss.size() - third) * 5 / 60.0; // from the first third's middle to the last third's
        System.out.printf("RSS flat: %s (first third %.0f MB, last third %.0f MB: %+.1f MB a minute)%n",
                late <= early * 1.2 + 20, early, late, (late - early) / minutes);
        System.out.printf("live heap after a full GC (jcmd GC.class_histogram): %.1f MB after the warm-up, %.1f MB at the"
                + " end; grew most: %s%n", before.totalMb(), after.totalMb(), after.grewMost(before, 5));
        boolean pass = least >= sent * 0.99 && busy < 0.5 && late <= early * 1.2 + 20 && tabLag < 5;
        System.out.println(pass ? "PASS" : "FAIL");
        System.exit(pass ? 0 : 1);
    }

    /**
     * Starts or pauses the points; a pause returns once what was sent has had 2 s to reach the pages (a page still
     * behind then did not keep up).
     */
    private static void sending(HttpClient http, int port, boolean on) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/bench/sending")).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"on\":" + on + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException("POST /bench/sending: " + r.statusCode() + " " + r.body());
        }
        if (!on) {
            Thread.sleep(2000);
        }
    }

    private static long chartReceived(HttpClient http, int port) throws Exception {
        String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return metrics.lines().filter(l -> l.startsWith("redwire_node_messages_received_total")
                        && l.contains("type=\"ui-chart\"")).mapToLong(l -> (long) Double.parseDouble(l.substring(
                        l.lastIndexOf(' ') + 1))).sum();
    }

    /** The CPU seconds of the process's busiest Vert.x event-loop thread (Linux names it vert.x-eventloo). */
    private static double flowLoopCpuSeconds(long pid) throws Exception {
        double most = 0;
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (!Files.readString(task.resolve("comm")).startsWith("vert.x-eventloo")) {
                        continue;
                    }
                    String stat = Files.readString(task.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    most = Math.max(most, (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0); // utime, stime
                } catch (java.io.IOException ended) {
                    // the thread ended
                }
            }
        }
        return most;
    }

    /** The engine's live objects by class, from jcmd GC.class_histogram (which collects first): bytes by class name. */
    private record Histogram(Map<String, Long> bytes) {
        static Histogram of(long pid) throws Exception {
            Path java = Path.of(ProcessHandle.of(pid).flatMap(p -> p.info().command()).orElseThrow());
            Process jcmd = new ProcessBuilder(java.resolveSibling("jcmd").toString(), String.valueOf(pid),
                    "GC.class_histogram").redirectErrorStream(true).start();
            Map<String, Long> bytes = new HashMap<>();
            for (String line : new String(jcmd.getInputStream().readAllBytes()).lines().toList()) {
                String[] f = line.trim().split("\\s+"); // num: instances bytes class [module]
                if (f.length >= 4 && f[0].endsWith(":")) {
                    bytes.merge(f[3], Long.parseLong(f[2]), Long::sum);
                }
            }
            jcmd.waitFor();
            return new Histogram(bytes);
        }

        double totalMb() {
            return bytes.values().stream().mapToLong(Long::longValue).sum() / 1048576.0;
        }

        String grewMost(Histogram start, int n) {
            return bytes.entrySet().stream().map(e -> Map.entry(e.getKey(), e.getValue()
                            - start.bytes().getOrDefault(e.getKey(), 0L))).sorted((a, b) -> Long.compare(b.getValue(),
                            a.getValue())).limit(n).map(e -> String.format("%s %+d kB", e.getKey(), e.getValue() / 1024))
                    .toList().toString();
        }
    }

    private static long rssMb(long pid) throws Exception {
        return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith("VmRSS:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024).findFirst().orElse(-1);
    }
}
