import java.util.StringJoiner;

public class Main {
    static int bubblePasses(int[] data) {
        int n = data.length;
        if (n < 2) return 0;
        int passes = 0;
        for (int end = n - 1; end > 0; end--) {
            passes++;
            boolean swapped = false;
            for (int i = 0; i < end; i++) {
                if (data[i] > data[i + 1]) {
                    int t = data[i];
                    data[i] = data[i + 1];
                    data[i + 1] = t;
                    swapped = true;
                }
            }
            if (!swapped) break;
        }
        return passes;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) values[i] = Integer.parseInt(tok[1 + i]);
        System.out.println(bubblePasses(values));
        StringJoiner row = new StringJoiner(" ");
        for (int v : values) row.add(String.valueOf(v));
        System.out.println(row);
    }
}
