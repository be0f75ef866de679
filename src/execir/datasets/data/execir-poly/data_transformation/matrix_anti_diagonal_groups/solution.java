import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

public class Main {
    static List<StringJoiner> antiDiagonals(int[][] m, int rows, int cols) {
        List<StringJoiner> groups = new ArrayList<>();
        for (int k = 0; k < rows + cols - 1; k++) groups.add(new StringJoiner(" "));
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) groups.get(r + c).add(String.valueOf(m[r][c]));
        return groups;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int rows = Integer.parseInt(t[0]), cols = Integer.parseInt(t[1]);
        int[][] m = new int[rows][cols];
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++) m[r][c] = Integer.parseInt(t[2 + r * cols + c]);
        StringBuilder out = new StringBuilder();
        for (StringJoiner group : antiDiagonals(m, rows, cols)) out.append(group).append("\n");
        System.out.print(out);
    }
}
