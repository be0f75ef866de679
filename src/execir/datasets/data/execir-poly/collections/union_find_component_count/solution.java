public class Main {
    static int findRoot(int[] parent, int x) {
        while (parent[x] != x) x = parent[x];
        return x;
    }

    static int countComponents(int n, int[][] edges) {
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) parent[i] = i;
        int components = n;
        for (int[] e : edges) {
            if (e[0] < 0 || e[1] < 0 || e[0] >= n || e[1] >= n) continue;
            int ru = findRoot(parent, e[0]), rv = findRoot(parent, e[1]);
            if (ru != rv) {
                parent[ru] = rv;
                components--;
            }
        }
        return components;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), m = Integer.parseInt(t[1]);
        int[][] edges = new int[m][2];
        for (int i = 0; i < m; i++) {
            edges[i][0] = Integer.parseInt(t[2 + 2 * i]);
            edges[i][1] = Integer.parseInt(t[3 + 2 * i]);
        }
        System.out.println(countComponents(n, edges));
    }
}
