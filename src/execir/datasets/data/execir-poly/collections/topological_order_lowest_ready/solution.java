import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

public class Main {
    static List<String> smallestFirstOrder(int n, int[][] edges) {
        int[] indegree = new int[n];
        List<List<Integer>> children = new ArrayList<>();
        for (int i = 0; i < n; i++) children.add(new ArrayList<>());
        for (int[] e : edges) {
            children.get(e[0]).add(e[1]);
            indegree[e[1]]++;
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int i = 0; i < n; i++) if (indegree[i] == 0) ready.add(i);
        List<String> order = new ArrayList<>();
        while (!ready.isEmpty()) {
            int node = ready.poll();
            order.add(String.valueOf(node));
            for (int child : children.get(node)) {
                if (--indegree[child] == 0) ready.add(child);
            }
        }
        return order.size() == n ? order : null;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]);
        int m = Integer.parseInt(t[1]);
        int[][] edges = new int[m][2];
        for (int i = 0; i < m; i++) {
            edges[i][0] = Integer.parseInt(t[2 + 2 * i]);
            edges[i][1] = Integer.parseInt(t[3 + 2 * i]);
        }
        List<String> order = smallestFirstOrder(n, edges);
        System.out.println(order == null ? "cycle" : String.join(" ", order));
    }
}
