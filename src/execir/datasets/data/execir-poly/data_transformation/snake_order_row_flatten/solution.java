import java.util.StringJoiner;

public class Main {
    static String snakeFlatten(int[][] grid, int cols) {
        StringJoiner out = new StringJoiner(" ");
        for (int r = 0; r < grid.length; r++) {
            for (int k = 0; k < cols; k++) {
                int c = r % 2 == 0 ? k : cols - 1 - k;
                out.add(String.valueOf(grid[r][c]));
            }
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int rows = Integer.parseInt(t[0]), cols = Integer.parseInt(t[1]);
        int[][] grid = new int[rows][cols];
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) grid[r][c] = Integer.parseInt(t[2 + r * cols + c]);
        System.out.println(snakeFlatten(grid, cols));
    }
}
