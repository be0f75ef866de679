public class Main {
    static boolean isMagic(int[][] grid, int n) {
        boolean[] seen = new boolean[n * n + 1];
        for (int[] row : grid) {
            for (int v : row) {
                if (v < 1 || v > n * n || seen[v]) return false;
                seen[v] = true;
            }
        }
        int target = n * (n * n + 1) / 2;
        int diag = 0, anti = 0;
        for (int i = 0; i < n; i++) {
            int rowSum = 0, colSum = 0;
            for (int j = 0; j < n; j++) {
                rowSum += grid[i][j];
                colSum += grid[j][i];
            }
            if (rowSum != target || colSum != target) return false;
            diag += grid[i][i];
            anti += grid[i][n - 1 - i];
        }
        return diag == target && anti == target;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[][] grid = new int[n][n];
        for (int i = 0; i < n * n; i++) grid[i / n][i % n] = Integer.parseInt(tok[1 + i]);
        System.out.println(isMagic(grid, n) ? "magic" : "not magic");
    }
}
