#include <iostream>
#include <vector>

std::vector<std::vector<int>> antiDiagonals(const std::vector<std::vector<int>>& m, int rows, int cols) {
    std::vector<std::vector<int>> groups(rows + cols - 1);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) groups[r + c].push_back(m[r][c]);
    return groups;
}

int main() {
    int rows, cols;
    std::cin >> rows >> cols;
    std::vector<std::vector<int>> m(rows, std::vector<int>(cols));
    for (auto& row : m) for (auto& v : row) std::cin >> v;
    for (const auto& group : antiDiagonals(m, rows, cols)) {
        for (size_t i = 0; i < group.size(); i++) std::cout << (i ? " " : "") << group[i];
        std::cout << "\n";
    }
    return 0;
}
