import java.util.StringJoiner;

public class Main {
    static int selectionSwaps(int[] data) {
        int swaps = 0;
        for (int i = 0; i + 1 < data.length; i++) {
            int smallest = i;
            for (int j = i + 1; j < data.length; j++) {
                if (data[j] < data[smallest]) smallest = j;
            }
            if (smallest != i) {
                int t = data[i];
                data[i] = data[smallest];
                data[smallest] = t;
                swaps++;
            }
        }
        return swaps;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        System.out.println(selectionSwaps(values));
        StringJoiner row = new StringJoiner(" ");
        for (int v : values) row.add(String.valueOf(v));
        System.out.println(row);
    }
}
