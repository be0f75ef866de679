import java.util.Arrays;

public class Main {
    static int roomsNeeded(int[] starts, int[] ends) {
        int[] s = starts.clone(), e = ends.clone();
        Arrays.sort(s);
        Arrays.sort(e);
        int rooms = 0, best = 0, j = 0;
        for (int start : s) {
            while (j < e.length && e[j] <= start) {
                j++;
                rooms--;
            }
            rooms++;
            if (rooms > best) best = rooms;
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(tok[0]);
        int[] starts = new int[n], ends = new int[n];
        for (int i = 0; i < n; i++) {
            starts[i] = Integer.parseInt(tok[1 + 2 * i]);
            ends[i] = Integer.parseInt(tok[2 + 2 * i]);
        }
        System.out.println(roomsNeeded(starts, ends));
    }
}
