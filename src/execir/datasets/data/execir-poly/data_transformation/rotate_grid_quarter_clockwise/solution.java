public class Main {
    static int[][] rotateClockwise(int[][] grid, int rows, int cols) {
        int[][] out = new int[cols][rows];
        for (int i = 0; i < cols; i++)
            for (int j = 0; j < rows; j++) out[i][j] = grid[rows - 1 - j][i];
        return out;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int rows = Integer.parseInt(t[0]), cols = Integer.parseInt(t[1]);
        int[][] grid = new int[rows][cols];
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) grid[r][c] = Integer.parseInt(t[2 + r * cols + c]);
        StringBuilder out = new StringBuilder();
        for (int[] row : rotateClockwise(grid, rows, cols)) {
            for (int j = 0; j < row.length; j++) out.append(j > 0 ? " " : "").append(row[j]);
            out.append("\n");
        }
        System.out.print(out);
    }
}
