package io.github.jmeterkafka.ecosystem;

import java.awt.Component;
import java.awt.Container;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.event.ActionEvent;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import javax.imageio.ImageIO;
import javax.swing.AbstractButton;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.border.Border;
import javax.swing.border.CompoundBorder;
import javax.swing.border.TitledBorder;
import javax.swing.text.JTextComponent;
import javax.swing.tree.TreePath;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.action.ActionNames;
import org.apache.jmeter.gui.action.ActionRouter;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.gui.util.MenuFactory;
import org.apache.jmeter.testelement.TestElement;

/**
 * Runs inside the JMeter GUI, started from a {@code jsr223.init.file} script: waits until the plan
 * given with -t is in the tree, selects each Kafka element as a click would, paints the panel JMeter
 * then shows into a PNG, saves the plan with JMeter's own Save action, and exits JMeter.
 *
 * <p>Writes into the output directory: {@code <element>.png}, {@code <element>.txt} (the panel's
 * group titles, labels, drop-down and field texts, one per line, for assertions), and {@code done}
 * {@code menus.txt} (every item of the Add menus for samplers, config elements, listeners and pre-processors),
 * or {@code failed.txt}. Selection and painting happen on the event dispatch thread; this class's
 * own thread only waits.
 */
public final class GuiCapture {

    /** Test element class to file name. */
    static final Map<String, String> ELEMENTS = Map.of(
            "io.github.jmeterkafka.config.KafkaConnection", "kafka-connection",
            "io.github.jmeterkafka.sampler.KafkaProducerSampler", "kafka-producer",
            "io.github.jmeterkafka.sampler.KafkaConsumerSampler", "kafka-consumer",
            "io.github.jmeterkafka.sampler.KafkaAdminSampler", "kafka-admin",
            "io.github.jmeterkafka.sampler.KafkaRequestReplySampler", "kafka-request-reply",
            "io.github.jmeterkafka.sampler.KafkaAwaitSampler", "kafka-await",
            "io.github.jmeterkafka.sampler.KafkaShareConsumerSampler", "kafka-share-consumer",
            "io.github.jmeterkafka.listener.KafkaSummaryListener", "kafka-summary",
            "io.github.jmeterkafka.listener.KafkaEventMark", "kafka-event-mark");

    private static final long WAIT_MS = 180_000;

    private GuiCapture() {}

    /** Called by the init script; returns at once (the GUI does not exist yet). */
    public static void start(String outDir, String savedPlan) {
        start(outDir, savedPlan, "");
    }

    /**
     * The same for other elements: {@code elements} is {@code class=file,...}, each class a test element's or its
     * GUI's (jmeter-plugins' graphs share one test element class); blank: the Kafka elements.
     */
    public static void start(String outDir, String savedPlan, String elements) {
        Map<String, String> which = new TreeMap<>();
        for (String pair : elements.split(",", -1)) {
            if (!pair.isBlank()) {
                String[] kv = pair.split("=", 2);
                which.put(kv[0].trim(), kv[1].trim());
            }
        }
        Map<String, String> chosen = which.isEmpty() ? ELEMENTS : which;
        Thread t = new Thread(() -> run(Paths.get(outDir), Paths.get(savedPlan), chosen), "gui-capture");
        t.setDaemon(true);
        t.start();
    }

    private static void run(Path out, Path savedPlan, Map<String, String> elements) {
        int status = 0;
        try {
            Files.createDirectories(out);
            List<JMeterTreeNode> nodes = awaitNodes(elements);
            for (JMeterTreeNode node : nodes) {
                capture(node, out, elements.get(key(node, elements)));
            }
            Files.write(out.resolve("menus.txt"), onEdt(GuiCapture::addMenuItems), StandardCharsets.UTF_8);
            save(savedPlan);
            Files.write(out.resolve("done"), List.of(nodes.size() + " panels"), StandardCharsets.UTF_8);
        } catch (Throwable e) {
            status = 2;
            StringWriter w = new StringWriter();
            e.printStackTrace(new PrintWriter(w));
            try {
                Files.writeString(out.resolve("failed.txt"), w.toString(), StandardCharsets.UTF_8);
            } catch (IOException ignored) {
                // the exit status still says it
            }
        }
        System.exit(status);
    }

    private static List<JMeterTreeNode> awaitNodes(Map<String, String> elements) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_MS;
        while (System.currentTimeMillis() < deadline) {
            GuiPackage gp = GuiPackage.getInstance();
            if (gp != null && gp.getMainFrame() != null && gp.getMainFrame().isShowing()) {
                List<JMeterTreeNode> found = onEdt(() -> nodes(gp, elements));
                if (found.size() == elements.size()) {
                    return found;
                }
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(
                "The plan's " + elements.size() + " elements to capture did not appear within " + WAIT_MS + " ms");
    }

    private static List<JMeterTreeNode> nodes(GuiPackage gp, Map<String, String> elements) {
        List<JMeterTreeNode> nodes = new ArrayList<>();
        Enumeration<?> all = ((JMeterTreeNode) gp.getTreeModel().getRoot()).preorderEnumeration();
        while (all.hasMoreElements()) {
            JMeterTreeNode n = (JMeterTreeNode) all.nextElement();
            if (key(n, elements) != null) {
                nodes.add(n);
            }
        }
        return nodes;
    }

    /** The node's test element class or GUI class, whichever {@code elements} names; else null. */
    private static String key(JMeterTreeNode n, Map<String, String> elements) {
        String test = n.getTestElement().getClass().getName();
        String gui = n.getTestElement().getPropertyAsString(TestElement.GUI_CLASS);
        return elements.containsKey(test) ? test : elements.containsKey(gui) ? gui : null;
    }

    private static void capture(JMeterTreeNode node, Path out, String name) throws Exception {
        GuiPackage gp = GuiPackage.getInstance();
        onEdt(() -> select(gp, node));
        // the tree listener hands the selection to ActionRouter, which shows the panel in a later event
        onEdt(() -> null);
        onEdt(() -> null);
        onEdt(() -> {
            if (gp.getTreeListener().getCurrentNode() != node) {
                throw new IllegalStateException("Selecting " + node.getName() + " did not make it current");
            }
            JComponent panel = (JComponent) gp.getCurrentGui();
            if (!panel.isShowing() || panel.getWidth() <= 0 || panel.getHeight() <= 0) {
                throw new IllegalStateException("The panel of " + node.getName() + " is not shown: " + panel);
            }
            BufferedImage image = new BufferedImage(panel.getWidth(), panel.getHeight(), BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            try {
                panel.paint(g);
            } finally {
                g.dispose();
            }
            ImageIO.write(image, "png", out.resolve(name + ".png").toFile());
            List<String> texts = new ArrayList<>();
            texts.add("element: " + node.getName());
            describe(panel, panel, texts);
            Files.write(out.resolve(name + ".txt"), texts, StandardCharsets.UTF_8);
            return null;
        });
    }

    private static Object select(GuiPackage gp, JMeterTreeNode node) {
        TreePath path = new TreePath(node.getPath());
        gp.getTreeListener().getJTree().setSelectionPath(path);
        gp.getTreeListener().getJTree().scrollPathToVisible(path);
        return null;
    }

    /** What Add > Sampler, Add > Config Element and Add > Listener offer, as "menu: item" lines. */
    private static List<String> addMenuItems() {
        List<String> items = new ArrayList<>();
        for (String category : List.of(
                MenuFactory.SAMPLERS, MenuFactory.CONFIG_ELEMENTS, MenuFactory.LISTENERS, MenuFactory.PRE_PROCESSORS)) {
            JMenu menu = MenuFactory.makeMenu(category, ActionNames.ADD);
            for (int i = 0; i < menu.getItemCount(); i++) {
                JMenuItem item = menu.getItem(i);
                if (item != null) {
                    items.add(category + ": " + item.getText());
                }
            }
        }
        return items;
    }

    /** JMeter's File > Save, with the file name a Save As dialog would have asked for. */
    private static void save(Path savedPlan) throws Exception {
        GuiPackage gp = GuiPackage.getInstance();
        Files.deleteIfExists(savedPlan);
        // leaving the last Kafka panel writes its fields back into its element, as a click elsewhere does
        onEdt(() -> select(gp, (JMeterTreeNode) gp.getTreeModel().getRoot()));
        onEdt(() -> null);
        onEdt(() -> null);
        onEdt(() -> {
            gp.setTestPlanFile(savedPlan.toString());
            ActionRouter.getInstance()
                    .doActionNow(new ActionEvent(
                            gp.getTreeListener().getJTree(), ActionEvent.ACTION_PERFORMED, ActionNames.SAVE));
            return null;
        });
        if (!Files.isRegularFile(savedPlan)) {
            throw new IllegalStateException("JMeter's Save action wrote no " + savedPlan);
        }
    }

    /**
     * What a reader of the panel sees, in layout order: group titles, labels, drop-downs, fields; and "cut off" for
     * a label not wholly inside the panel, which the screenshot then leaves out.
     */
    private static void describe(JComponent panel, Component c, List<String> texts) {
        if (c instanceof JComponent jComponent) {
            title(jComponent.getBorder(), texts);
        }
        if (c instanceof JLabel jLabel) {
            add(texts, "label", jLabel.getText());
            Rectangle at = SwingUtilities.convertRectangle(c.getParent(), c.getBounds(), panel);
            if (!new Rectangle(panel.getSize()).contains(at)) {
                add(texts, "cut off", jLabel.getText());
            }
        } else if (c instanceof JComboBox) {
            JComboBox<?> combo = (JComboBox<?>) c;
            List<String> items = new ArrayList<>();
            for (int i = 0; i < combo.getItemCount(); i++) {
                items.add(String.valueOf(combo.getItemAt(i)));
            }
            add(texts, "combo", combo.getSelectedItem() + " [" + String.join(" | ", items) + "]");
        } else if (c instanceof AbstractButton abstractButton) {
            add(texts, "button", abstractButton.getText());
        } else if (c instanceof JTextComponent jTextComponent) {
            add(texts, "text", jTextComponent.getText());
        } else if (c instanceof JTable t) {
            List<String> cols = new ArrayList<>();
            for (int i = 0; i < t.getColumnCount(); i++) {
                cols.add(t.getColumnName(i));
            }
            add(texts, "table", cols + " rows=" + t.getRowCount());
        }
        if (c instanceof Container container && !(c instanceof JComboBox)) {
            for (Component child : container.getComponents()) {
                describe(panel, child, texts);
            }
        }
    }

    private static void title(Border border, List<String> texts) {
        if (border instanceof TitledBorder titledBorder) {
            add(texts, "group", titledBorder.getTitle());
        } else if (border instanceof CompoundBorder compoundBorder) {
            title(compoundBorder.getOutsideBorder(), texts);
            title(compoundBorder.getInsideBorder(), texts);
        }
    }

    private static void add(List<String> texts, String kind, String text) {
        if (text != null && !text.isBlank()) {
            texts.add(kind + ": " + text.replace('\n', ' '));
        }
    }

    private interface EdtCall<T> {
        T call() throws Exception;
    }

    private static <T> T onEdt(EdtCall<T> call) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        SwingUtilities.invokeAndWait(() -> {
            try {
                result.set(call.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        return result.get();
    }

    static List<String> fileNames() {
        List<String> names = new ArrayList<>(ELEMENTS.values());
        Collections.sort(names);
        return names;
    }
}
