import java.util.Map;

public class Main {
    static final Map<String, String> MOVES = Map.of(
        "pay created", "paid", "ship paid", "shipped", "deliver shipped", "delivered",
        "cancel created", "cancelled", "cancel paid", "cancelled");

    static String runWorkflow(String[] actions) {
        String status = "created";
        int rejected = 0;
        for (String action : actions) {
            if (action.isEmpty()) continue;
            String target = MOVES.get(action + " " + status);
            if (target == null) rejected++;
            else status = target;
        }
        return status + " " + rejected;
    }

    public static void main(String[] args) throws Exception {
        String[] actions = new String(System.in.readAllBytes()).trim().split("\\s+");
        System.out.println(runWorkflow(actions));
    }
}
