import java.util.ArrayList;
import java.util.List;
import java.util.Scanner;

public class Main {
    static List<String> eliminationOrder(int n, int step) {
        List<String> order = new ArrayList<>();
        if (n < 1 || step < 1) return order;
        List<Integer> people = new ArrayList<>();
        for (int i = 1; i <= n; i++) people.add(i);
        int index = 0;
        while (!people.isEmpty()) {
            index = (index + step - 1) % people.size();
            order.add(String.valueOf(people.remove(index)));
        }
        return order;
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int step = in.nextInt();
        List<String> order = eliminationOrder(n, step);
        System.out.println(order.isEmpty() ? "none" : String.join(" ", order));
    }
}
