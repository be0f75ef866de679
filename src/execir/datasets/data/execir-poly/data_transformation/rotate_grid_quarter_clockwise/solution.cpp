#include <iostream>
#include <vector>

std::vector<std::vector<int>> rotateClockwise(const std::vector<std::vector<int>>& grid, int rows, int cols) {
    std::vector<std::vector<int>> out(cols, std::vector<int>(rows));
    for (int i = 0; i < cols; i++)
        for (int j = 0; j < rows; j++) out[i][j] = grid[rows - 1 - j][i];
    return out;
}

int main() {
    int rows, cols;
    std::cin >> rows >> cols;
    std::vector<std::vector<int>> grid(rows, std::vector<int>(cols));
    for (auto& row : grid) for (auto& v : row) std::cin >> v;
    for (const auto& row : rotateClockwise(grid, rows, cols)) {
        for (size_t j = 0; j < row.size(); j++) std::cout << (j ? " " : "") << row[j];
        std::cout << "\n";
    }
    return 0;
}
