import java.util.StringJoiner;

public class Main {
    static String spiral(int[][] m, int rows, int cols) {
        StringJoiner out = new StringJoiner(" ");
        int top = 0, bottom = rows - 1, left = 0, right = cols - 1;
        while (top <= bottom && left <= right) {
            for (int c = left; c <= right; c++) out.add(String.valueOf(m[top][c]));
            for (int r = top + 1; r <= bottom; r++) out.add(String.valueOf(m[r][right]));
            if (top < bottom) for (int c = right - 1; c >= left; c--) out.add(String.valueOf(m[bottom][c]));
            if (left < right) for (int r = bottom - 1; r > top; r--) out.add(String.valueOf(m[r][left]));
            top++;
            bottom--;
            left++;
            right--;
        }
        return out.toString();
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int rows = Integer.parseInt(t[0]), cols = Integer.parseInt(t[1]);
        int[][] m = new int[rows][cols];
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) m[r][c] = Integer.parseInt(t[2 + r * cols + c]);
        System.out.println(spiral(m, rows, cols));
    }
}
